import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { SharePermission } from '../db/schema.ts';
import { toJson } from '../db/values.ts';
import { createUser, type TestUser } from './factories.ts';
import { insertList, type ListOverrides } from './list-factories.ts';
import { insertItems } from '../items/items.queries.ts';
import type { TestApp } from './test-app.ts';

/** Test helpers of the lists and shares features. */

export interface Cast {
  owner: TestUser;
  admin: TestUser;
  editor: TestUser;
  viewer: TestUser;
  stranger: TestUser;
  listId: string;
}

/** A list with one member of each permission, and a stranger. */
/** An accepted share of `user`, for ListOverrides.shares. */
export const memberShare = (user: TestUser, permission: SharePermission) => ({ userId: user.user.id, email: user.email, permission });

export async function castOfList(t: TestApp, overrides: ListOverrides = {}): Promise<Cast> {
  const [owner, admin, editor, viewer, stranger] = await Promise.all([
    createUser(t, { first_name: 'Olivia' }),
    createUser(t),
    createUser(t),
    createUser(t),
    createUser(t),
  ]);
  const listId = await insertList(t, owner.user.id, {
    ...overrides,
    shares: [memberShare(admin, 'admin'), memberShare(editor, 'edit'), memberShare(viewer, 'view'), ...(overrides.shares ?? [])],
  });
  return { owner, admin, editor, viewer, stranger, listId };
}

export async function insertItem(
  t: TestApp,
  listId: string,
  overrides: { content?: string; position?: number; is_completed?: boolean; properties?: Record<string, unknown> } = {},
): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await insertItems(t.database.db, [
    {
      id,
      list_id: listId,
      content: overrides.content ?? 'milk',
      is_completed: overrides.is_completed ?? false,
      position: overrides.position ?? 0,
      properties: toJson(overrides.properties ?? {}),
      images: null,
      created_by: null,
      created_at: now,
      updated_at: now,
    },
  ]);
  return id;
}

/** Everything stored about a list, to show that a refused call changed nothing. */
export async function snapshotList(t: TestApp, listId: string) {
  const db = t.database.db;
  const [list, shares, items] = await Promise.all([
    db.selectFrom('lists').selectAll().where('id', '=', listId).executeTakeFirst(),
    db.selectFrom('list_shares').selectAll().where('list_id', '=', listId).orderBy('email').execute(),
    db.selectFrom('items').selectAll().where('list_id', '=', listId).orderBy('id').execute(),
  ]);
  return { list, shares, items };
}

/** Runs a call that must be refused, and checks its status, its message and that nothing changed. */
export async function expectRefused(
  t: TestApp,
  listId: string,
  call: () => Promise<{ status: number; body: { error?: { message: string } } }>,
  status: number,
  message?: string,
): Promise<void> {
  const before = await snapshotList(t, listId);
  const response = await call();
  expect(response.status).toBe(status);
  if (message) expect(response.body.error?.message).toBe(message);
  expect(await snapshotList(t, listId)).toEqual(before);
}

/** Fails when an answer contains anything shaped like an e-mail address. */
export function expectNoEmailIn(body: unknown): void {
  expect(JSON.stringify(body)).not.toMatch(/[^\s"@]+@[^\s"@]+\.[^\s"@]+/);
}

import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { ItemView } from '../../common/schemas/items.ts';
import type { ItemRow } from '../db/schema.ts';
import { createUser, type TestUser } from './factories.ts';
import { insertList, type ListOverrides } from './list-factories.ts';
import type { TestApp } from './test-app.ts';
import { insertItems } from '../items/items.queries.ts';

/** Test helpers of the items feature. */

export async function ownerWithList(t: TestApp, overrides: ListOverrides = {}): Promise<{ owner: TestUser; listId: string }> {
  const owner = await createUser(t);
  return { owner, listId: await insertList(t, owner.user.id, overrides) };
}

/** Adds items through the batch call and answers them; fails the test on any other status. */
export async function addItems(t: TestApp, token: string, listId: string, contents: string[]): Promise<ItemView[]> {
  const response = await t.request({
    method: 'POST',
    path: `/lists/${listId}/items/batch`,
    token,
    body: { items: contents.map((content) => ({ content })) },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.results;
}

/** The list's rows straight from the database, in position order: what a refusal must leave alone. */
export function itemRows(t: TestApp, listId: string): Promise<ItemRow[]> {
  return t.database.db.selectFrom('items').selectAll().where('list_id', '=', listId).orderBy('position').orderBy('id').execute();
}

/** Puts `count` items straight into the database (for limits), positions 0..count-1. */
export async function fillList(t: TestApp, listId: string, count: number): Promise<void> {
  const now = new Date().toISOString();
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, index) => ({
      id: crypto.randomUUID(),
      list_id: listId,
      content: `item ${start + index}`,
      is_completed: false,
      position: start + index,
      properties: '{}',
      images: null,
      created_by: null,
      created_at: now,
      updated_at: now,
    }));
    await insertItems(t.database.db, rows);
  }
}

import crypto from 'node:crypto';
import type { ListRow, SharePermission, Visibility } from '../db/schema.ts';
import { toJson } from '../db/values.ts';
import type { TestApp } from './test-app.ts';

export interface ListOverrides {
  name?: string;
  visibility?: Visibility;
  public_editable?: boolean;
  allow_link_sharing?: boolean;
  custom_prompts?: string[];
  /** Accepted shares to create with the list. */
  shares?: { userId: string; email: string; permission: SharePermission }[];
}

function listRow(ownerId: string, overrides: ListOverrides) {
  const now = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    name: overrides.name ?? 'Groceries',
    owner_id: ownerId,
    visibility: overrides.visibility ?? 'private',
    public_editable: overrides.public_editable ?? false,
    allow_link_sharing: overrides.allow_link_sharing ?? false,
    custom_prompts: toJson(overrides.custom_prompts ?? []),
    created_at: now,
    updated_at: now,
  };
}

/** Puts a list straight into the database, in any state a test needs; answers its id. */
export async function insertList(t: TestApp, ownerId: string, overrides: ListOverrides = {}): Promise<string> {
  const row = listRow(ownerId, overrides);
  const { id, created_at: now } = row;
  await t.database.db.insertInto('lists').values(row).execute();
  for (const share of overrides.shares ?? []) {
    await t.database.db
      .insertInto('list_shares')
      .values({
        list_id: id,
        user_id: share.userId,
        email: share.email,
        permission: share.permission,
        status: 'accepted',
        shared_by: ownerId,
        created_at: now,
      })
      .execute();
  }
  return id;
}

/** `count` plain lists owned by `ownerId`, in one statement (a user at a limit); answers their ids. */
export async function insertLists(t: TestApp, ownerId: string, count: number): Promise<string[]> {
  const rows = Array.from({ length: count }, () => listRow(ownerId, {}));
  await t.database.db.insertInto('lists').values(rows).execute();
  return rows.map((row) => row.id);
}

/** Shares `listIds` (of `ownerId`) with `member`, accepted, in one statement. */
export async function shareLists(t: TestApp, ownerId: string, listIds: string[], member: { id: string; email: string }): Promise<void> {
  if (listIds.length === 0) return;
  const created_at = new Date().toISOString();
  await t.database.db
    .insertInto('list_shares')
    .values(
      listIds.map((list_id) => ({
        list_id,
        user_id: member.id,
        email: member.email,
        permission: 'view' as const,
        status: 'accepted' as const,
        shared_by: ownerId,
        created_at,
      })),
    )
    .execute();
}

export function findList(t: TestApp, id: string): Promise<ListRow | undefined> {
  return t.database.db.selectFrom('lists').selectAll().where('id', '=', id).executeTakeFirst();
}

import { z } from 'zod';
import { ITEMS_PAGE_MAX } from '../../common/constants.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import type { ItemsResponse, ItemView } from '../../common/schemas/items.ts';
import type { ItemRow } from '../db/schema.ts';
import { badRequest } from '../domain/errors.ts';
import type { ChangeFeed } from '../writes/change-feed.ts';
import { listItemsAfter, type ItemOrderKey, type Db } from './items.queries.ts';

/**
 * A list's items are read in pages of at most ITEMS_PAGE_MAX, in display order, so that no answer
 * (or live snapshot message) grows with the list: a client that stops reading pins at most one page.
 * The cursor is the order key of the last item sent, opaque to clients.
 */

export interface ItemsPage {
  rows: ItemRow[];
  /** The cursor of the next page; undefined after the last one. */
  next: string | undefined;
}

export function encodeCursor(row: Pick<ItemRow, 'position' | 'created_at' | 'id'>): string {
  return Buffer.from(JSON.stringify([row.position, row.created_at, row.id])).toString('base64url');
}

/**
 * A cursor's order key as encodeCursor writes it. Anyone can forge a cursor, and its values go to
 * the database: each must be one the columns take (PostgreSQL refuses a date it cannot read or an
 * integer out of range with an error, not an empty page).
 */
const CursorKey = z.tuple([
  z.number().int().min(-(2 ** 31)).max(2 ** 31 - 1),
  // Year 0000 is ISO's 1 BC, which the format allows and PostgreSQL's timestamptz has no word for.
  z.iso.datetime().refine((value) => !value.startsWith('0000')),
  z.uuid(),
]);

export function decodeCursor(cursor: string): ItemOrderKey {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(SERVER_MESSAGES.invalidCursor);
  }
  const key = CursorKey.safeParse(json);
  if (!key.success) throw badRequest(SERVER_MESSAGES.invalidCursor);
  const [position, createdAt, id] = key.data;
  return { position, created_at: createdAt, id };
}

/** One page of a list's items after `cursor` (from the start without one). */
export async function readItemsPage(
  db: Db,
  listId: string,
  options: { limit?: number; cursor?: string } = {},
): Promise<ItemsPage> {
  const limit = Math.min(options.limit ?? ITEMS_PAGE_MAX, ITEMS_PAGE_MAX);
  const after = options.cursor === undefined ? undefined : decodeCursor(options.cursor);
  const rows = await listItemsAfter(db, listId, after, limit + 1);
  const more = rows.length > limit;
  if (more) rows.pop();
  return { rows, next: more ? encodeCursor(rows.at(-1)!) : undefined };
}

/**
 * A page as a caller sees it (GET /lists/{id}/items and the calls that answer the first page),
 * with the list's seq read before the page: the page holds every change up to that seq.
 */
export async function readItemsResponse(
  db: Db,
  changes: Pick<ChangeFeed, 'seqOf'>,
  listId: string,
  present: (row: ItemRow) => ItemView,
  options: { limit?: number; cursor?: string } = {},
): Promise<ItemsResponse> {
  const seq = await changes.seqOf(db, listId);
  const { rows, next } = await readItemsPage(db, listId, options);
  return { items: rows.map(present), next: next ?? null, seq };
}

/** Every item of a list, page by page (snapshots send each page as it comes). */
export async function* readAllItemPages(db: Db, listId: string): AsyncGenerator<ItemRow[]> {
  let cursor: string | undefined;
  do {
    const page = await readItemsPage(db, listId, { cursor });
    yield page.rows;
    cursor = page.next;
  } while (cursor !== undefined);
}

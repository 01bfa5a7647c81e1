import { strToU8, zipSync } from 'fflate';
import { API_BASE_PATH } from '../../common/constants.ts';
import { fromJson, toBool } from '../db/values.ts';
import { imageKeys } from '../images/image-files.ts';
import { readStored } from './images.ts';
import type { TestApp } from './test-app.ts';
import { IMPORT_CONTENT_TYPE } from '../transfer/transfer.routes.ts';

/** POST /imports/preview or /imports with the file's bytes, answering status and parsed body. */
export async function sendImport(t: TestApp, token: string, fileName: string, bytes: Uint8Array, options: { preview?: boolean; query?: Record<string, string> } = {}) {
  const query = new URLSearchParams({ file_name: fileName, ...options.query });
  const response = await t.app.inject({
    method: 'POST',
    url: `${API_BASE_PATH}/imports${options.preview ? '/preview' : ''}?${query}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': IMPORT_CONTENT_TYPE },
    payload: Buffer.from(bytes),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.statusCode, body: response.json<any>() };
}

/** GET /export: the zip's bytes. */
export async function downloadExport(t: TestApp, token: string) {
  const response = await t.app.inject({ method: 'GET', url: `${API_BASE_PATH}/export`, headers: { authorization: `Bearer ${token}` } });
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload };
}

/** A zip of these files, each deflated unless given as `[bytes, {level: 0}]`. */
export const makeZip = (files: Record<string, string | Uint8Array>) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([name, data]) => [name, typeof data === 'string' ? strToU8(data) : data])));

/**
 * Everything an account's lists hold, read from the database and the photo files, without ids:
 * two Listos hold the same lists when their views are equal. Lists by name, items in order.
 */
export async function accountView(t: TestApp, ownerId: string) {
  const db = t.database.db;
  const emails = new Map((await db.selectFrom('users').select(['id', 'email']).execute()).map((user) => [user.id, user.email]));
  const who = (id: string | null) => (id === null ? null : emails.get(id));
  const lists = await db.selectFrom('lists').selectAll().where('owner_id', '=', ownerId).orderBy('name').execute();
  const view = [];
  for (const list of lists) {
    const items = await db.selectFrom('items').selectAll().where('list_id', '=', list.id).orderBy('position').orderBy('created_at').execute();
    const shares = await db.selectFrom('list_shares').select(['email', 'permission', 'status', 'user_id']).where('list_id', '=', list.id).orderBy('email').execute();
    const itemViews = [];
    for (const item of items) {
      const image = await db.selectFrom('images').selectAll().where('item_id', '=', item.id).executeTakeFirst();
      const photo = image && {
        type: image.original_type,
        width: image.width,
        height: image.height,
        bytes: image.bytes,
        uploadedAt: (fromJson(item.images!) as { primary: { uploadedAt: string } }).primary.uploadedAt,
        files: Object.values(imageKeys(image.id, image.original_type)).map((key) => readStored(t, key).toString('base64')),
      };
      itemViews.push({
        content: item.content,
        name_key: item.name_key,
        is_completed: toBool(item.is_completed),
        position: item.position,
        properties: fromJson(item.properties),
        created_by: who(item.created_by),
        created_at: item.created_at,
        updated_at: item.updated_at,
        photo: photo ?? null,
      });
    }
    view.push({
      name: list.name,
      visibility: list.visibility,
      public_editable: toBool(list.public_editable),
      allow_link_sharing: toBool(list.allow_link_sharing),
      custom_prompts: fromJson(list.custom_prompts),
      created_at: list.created_at,
      updated_at: list.updated_at,
      last_change: { by: who(list.last_change_by), summary: list.last_change_summary, at: list.last_change_at },
      item_count: list.item_count,
      done_count: list.done_count,
      shares: shares.map((share) => ({ ...share, user_id: who(share.user_id) })),
      items: itemViews,
    });
  }
  const memory = await db.selectFrom('item_properties').select(['name_key', 'properties', 'updated_at']).where('user_id', '=', ownerId).orderBy('name_key').execute();
  return { lists: view, memory: memory.map((row) => ({ ...row, properties: fromJson(row.properties) })) };
}

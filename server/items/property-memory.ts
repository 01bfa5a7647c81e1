import type { Kysely, Transaction } from 'kysely';
import { rememberedProperties } from '../../common/property-memory.ts';
import { compiledQuery } from '../db/compiled-query.ts';
import type { DB } from '../db/schema.ts';
import { fromJson, toJson } from '../db/values.ts';

type Db = Kysely<DB> | Transaction<DB>;
type Properties = Record<string, unknown>;

/**
 * Property memory (properties are reused from earlier similar items): per user
 * and normalised item name, the properties that user last set on such an item, but never the
 * quantity (the rule of common/property-memory.ts). The server-side counterpart of the web
 * client's propertyCache, so that it follows the user to every device.
 */

const LOOKUP_CHUNK = 500;

/**
 * The remembered properties of these name keys, for one user. Rows written before quantities were
 * left out may still hold one: it is dropped here, so no migration is needed.
 */
export async function recallProperties(db: Db, userId: string, nameKeys: string[]): Promise<Map<string, Properties>> {
  const keys = [...new Set(nameKeys)].filter((key) => key !== '');
  const memory = new Map<string, Properties>();
  for (let start = 0; start < keys.length; start += LOOKUP_CHUNK) {
    const { rows } = await rememberedOfNames(db, { userId, nameKeys: keys.slice(start, start + LOOKUP_CHUNK) });
    for (const row of rows) memory.set(row.name_key, rememberedProperties(fromJson(row.properties)));
  }
  return memory;
}

const rememberedOfNames = compiledQuery((db, { userId, nameKeys }: { userId: string; nameKeys: string[] }) =>
  db.selectFrom('item_properties').select(['name_key', 'properties']).where('user_id', '=', userId).where('name_key', 'in', nameKeys),
);

/**
 * Remembers what a user set on an item of this name, without its quantity; setting nothing to
 * remember (no properties, or a quantity only) forgets the name.
 */
export async function rememberProperties(
  db: Db,
  userId: string,
  nameKey: string,
  set: Properties,
  now: string,
): Promise<void> {
  if (nameKey === '') return;
  const properties = rememberedProperties(set);
  if (Object.keys(properties).length === 0) {
    await db.deleteFrom('item_properties').where('user_id', '=', userId).where('name_key', '=', nameKey).execute();
    return;
  }
  await db
    .insertInto('item_properties')
    .values({ user_id: userId, name_key: nameKey, properties: toJson(properties), updated_at: now })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'name_key']).doUpdateSet({ properties: toJson(properties), updated_at: now }),
    )
    .execute();
}

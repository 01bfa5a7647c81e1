import { z } from 'zod';
import { SERVER_MESSAGES } from '../messages.ts';
import { STORE_NAME_MAX_LENGTH } from '../constants.ts';
import { trimUnseen } from '../unseen-text.ts';

/** Payloads of the store-order calls (docs/api.md, "Store order"). */

/** The store a trip is in, as the user names it; blank: the list's own order, whatever the store. */
export const StoreName = z
  .string({ error: SERVER_MESSAGES.storeNameInvalid })
  .overwrite(trimUnseen)
  .max(STORE_NAME_MAX_LENGTH, { error: SERVER_MESSAGES.storeNameInvalid });

export const StoreOrderQuery = z.strictObject({ store: StoreName.default('') });
export type StoreOrderQuery = z.infer<typeof StoreOrderQuery>;

/** Positions in the walk through the shop, 0 (the entrance) to 1 (the tills). */
const Positions = z.record(z.string(), z.number());

export const StoreOrderResponse = z.object({
  store: z.string(),
  trips: z.number().int(),
  /** By item name key (common/item-input.ts `itemNameKey`). */
  items: Positions,
  /** By department, lower-cased. */
  departments: Positions,
  /** Every store the list learned an order for ('' its own), with its trips. */
  stores: z.array(z.object({ name: z.string(), trips: z.number().int() })),
});
export type StoreOrderResponse = z.infer<typeof StoreOrderResponse>;

import { z } from 'zod';
import { AI_MESSAGES, AI_SORT_KINDS, DEFAULT_AI_SORT_KIND } from '../ai.ts';
import { LIST_NAME_MAX_LENGTH } from '../constants.ts';
import { PathId } from './api.ts';
import { ItemContent, ItemsPageQuery } from './items.ts';
import { ListName } from './lists.ts';

/**
 * The inputs of the MCP tools (docs/api.md, "MCP"), made of the API's own schemas, so a tool
 * refuses what the API refuses, with the same message. The descriptions go to the model.
 */

const ListId = PathId.describe('The id of the list, as find_lists gives it');
const ItemId = PathId.describe('The id of the item, as read_items or add_items gives it');

export const FindListsInput = z.strictObject({
  name: z
    .string()
    .max(LIST_NAME_MAX_LENGTH)
    .optional()
    .describe('Part of the list name to look for, in any case ("shop" finds "Shopping"); leave out for every list'),
});

export const ReadItemsInput = z.strictObject({
  list_id: ListId,
  limit: ItemsPageQuery.shape.limit.describe('How many items at most in this page (1 to 500; 100 when left out)'),
  cursor: ItemsPageQuery.shape.cursor.describe('The `next` of the previous page, to read on; leave out for the first page'),
});

export const AddItemsInput = z.strictObject({
  list_id: ListId,
  text: ItemContent.describe(
    'The items as a person would type them: split on commas, "and" and new lines, a leading quantity kept apart ("2 bottles milk and eggs" adds milk with quantity "2 bottles", and eggs)',
  ),
});

export const CheckItemInput = z.strictObject({
  list_id: ListId,
  item_id: ItemId,
  checked: z.boolean().default(true).describe('true to check the item off (bought, done), false to uncheck it; true when left out'),
});

export const RenameItemInput = z.strictObject({
  list_id: ListId,
  item_id: ItemId,
  name: ItemContent.describe('The new text of the item; a leading quantity is read again ("3 eggs")'),
});

export const ItemRefInput = z.strictObject({ list_id: ListId, item_id: ItemId });

export const RenameListInput = z.strictObject({ list_id: ListId, name: ListName.describe('The new name of the list') });

export const SortItemsInput = z.strictObject({
  list_id: ListId,
  kind: z
    .enum(AI_SORT_KINDS, { error: AI_MESSAGES.invalidSortKind })
    .default(DEFAULT_AI_SORT_KIND)
    .describe(
      'smart: in the order one walks through a shop; department: grouped by shop department; category: grouped by category; priority: most needed first',
    ),
});

export const ListRefInput = z.strictObject({ list_id: ListId });

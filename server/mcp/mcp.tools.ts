import type { z } from 'zod';
import { DEFAULT_AI_PROVIDER } from '../../common/ai.ts';
import { quantityOf } from '../../common/item-input.ts';
import { MCP_ITEMS_PAGE_DEFAULT } from '../../common/mcp.ts';
import type { ItemView } from '../../common/schemas/items.ts';
import type { ListView } from '../../common/schemas/lists.ts';
import {
  AddItemsInput,
  CheckItemInput,
  FindListsInput,
  ItemRefInput,
  ListRefInput,
  ReadItemsInput,
  RenameItemInput,
  RenameListInput,
  SortItemsInput,
} from '../../common/schemas/mcp.ts';
import type { Actor } from '../access/actor.ts';
import type { AiService } from '../ai/ai.service.ts';
import type { ItemService } from '../items/items.service.ts';
import type { ListService } from '../lists/lists.service.ts';
import type { ShareService } from '../shares/shares.service.ts';

/** The services the tools call, the same the REST API calls. */
export interface ToolServices {
  lists: ListService;
  items: ItemService;
  shares: ShareService;
}

/** What one tool call runs with: the caller, the services, and the AI gate of the AI routes. */
export interface ToolContext extends ToolServices {
  actor: Actor;
  /** Can_use_ai, a provider, the per-user budget: the AI service, or the API's refusal. */
  aiService: () => Promise<AiService>;
}

/** Hints to the client (MCP tool annotations): whether a tool only reads, and whether it destroys. */
interface ToolHints {
  readOnlyHint: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
}

export interface McpTool<S extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  /** Written for the model: when to choose the tool, and what it answers. */
  description: string;
  input: S;
  hints: ToolHints;
  run(context: ToolContext, input: z.output<S>): Promise<Record<string, unknown>>;
}

const tool = <S extends z.ZodType>(definition: McpTool<S>): McpTool => definition;

/** An item as a model needs it: its name, the quantity apart, and whether it is checked off. */
const itemOut = (item: ItemView) => ({
  id: item.id,
  name: item.content,
  quantity: quantityOf(item.properties) ?? null,
  checked: item.is_completed,
});

const listOut = (list: ListView) => ({
  id: list.id,
  name: list.name,
  items: list.item_count,
  checked: list.done_count,
  yours: list.owner_id !== undefined,
  can_edit_items: list.can.editItems,
  can_manage: list.can.manageList,
});

/** The tools of the MCP server (docs/api.md, "MCP"), each one call of a service, as the caller's actor. */
export const MCP_TOOLS: readonly McpTool[] = [
  tool({
    name: 'find_lists',
    title: 'Find lists',
    description:
      "Lists the user's checklists (their own and those shared with them), newest first, with each list's id, name, how many items it has and how many are checked off, and what you may do with it. Call this first: every other tool needs a list id. Give `name` to find a list by part of its name.",
    input: FindListsInput,
    hints: { readOnlyHint: true },
    async run({ actor, lists }, { name }) {
      const all = await lists.listsOf(actor);
      const wanted = name?.trim().toLocaleLowerCase();
      return { lists: all.filter((list) => !wanted || list.name.toLocaleLowerCase().includes(wanted)).map(listOut) };
    },
  }),
  tool({
    name: 'read_items',
    title: 'Read items',
    description:
      "Reads one page of a list's items in the list's order: each item's id, name, quantity and whether it is checked off. When `next` is not null, call again with `cursor` set to it for the following page.",
    input: ReadItemsInput,
    hints: { readOnlyHint: true },
    async run({ actor, items }, { list_id, limit, cursor }) {
      const page = await items.list(actor, list_id, { limit: limit ?? MCP_ITEMS_PAGE_DEFAULT, cursor });
      return { items: page.items.map(itemOut), next: page.next };
    },
  }),
  tool({
    name: 'add_items',
    title: 'Add items',
    description:
      'Adds items to a list from text as a person would type it: "2 bottles milk and eggs" adds two items, milk (quantity "2 bottles") and eggs. Names already on the list are not added twice (an unchecked one is reported in `warnings`; a checked-off one is put back unchecked). Answers the items added.',
    input: AddItemsInput,
    hints: { readOnlyHint: false, destructiveHint: false },
    async run({ actor, items }, { list_id, text }) {
      const { body } = await items.addOne(actor, list_id, { content: text });
      const { additionalItems, warnings, ...first } = body;
      return { items: [first, ...additionalItems].map(itemOut), warnings };
    },
  }),
  tool({
    name: 'check_item',
    title: 'Check off or uncheck an item',
    description: 'Checks an item off (bought, done) with `checked: true`, or unchecks it with `checked: false`. Answers the item.',
    input: CheckItemInput,
    hints: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    async run({ actor, items }, { list_id, item_id, checked }) {
      return { item: itemOut(await items.update(actor, list_id, item_id, { is_completed: checked })) };
    },
  }),
  tool({
    name: 'rename_item',
    title: 'Rename an item',
    description: 'Changes the text of an item; a leading quantity is read again ("3 eggs"). Answers the item.',
    input: RenameItemInput,
    hints: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    async run({ actor, items }, { list_id, item_id, name }) {
      // As the app's rename: the properties start afresh from what is remembered for the new name.
      return { item: itemOut(await items.update(actor, list_id, item_id, { content: name, properties: {} })) };
    },
  }),
  tool({
    name: 'remove_item',
    title: 'Remove an item',
    description: 'Removes an item from a list for everyone. To mark an item as bought or done, use check_item instead.',
    input: ItemRefInput,
    hints: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
    async run({ actor, items }, { list_id, item_id }) {
      await items.remove(actor, list_id, item_id);
      return { removed: item_id };
    },
  }),
  tool({
    name: 'rename_list',
    title: 'Rename a list',
    description: 'Gives a list a new name (the owner and members allowed to manage the list). Answers the list.',
    input: RenameListInput,
    hints: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    async run({ actor, lists }, { list_id, name }) {
      return { list: listOut((await lists.rename(actor, list_id, { name })).list) };
    },
  }),
  tool({
    name: 'sort_items',
    title: 'Sort items',
    description:
      "Sorts a list's items with Listo's assistant: `smart` in the order one walks through a shop, or grouped by `department` or `category`, or by `priority`. Only for users allowed to use AI. Answers the first page of items in their new order.",
    input: SortItemsInput,
    hints: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    async run({ actor, aiService }, { list_id, kind }) {
      const page = await (await aiService()).sort(actor, list_id, DEFAULT_AI_PROVIDER, kind);
      return { items: page.items.slice(0, MCP_ITEMS_PAGE_DEFAULT).map(itemOut) };
    },
  }),
  tool({
    name: 'get_share_link',
    title: 'Get the share link of a list',
    description:
      "Gives the link that shares one of the user's own lists (not a list someone shared with them). `joinable` says whether whoever opens the link gets in; when false, the owner must first allow sharing by link in the list's settings.",
    input: ListRefInput,
    hints: { readOnlyHint: true },
    async run({ actor, shares }, { list_id }) {
      return { ...(await shares.shareLink(actor, list_id)) };
    },
  }),
];

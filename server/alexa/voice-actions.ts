import { ALEXA_SPEECH, SPOKEN_ECHO_MAX_CHARS } from '../../common/alexa.ts';
import { itemPieces, quantityOf } from '../../common/item-input.ts';
import { BatchItemsBody, type ItemView } from '../../common/schemas/items.ts';
import type { ListView } from '../../common/schemas/lists.ts';
import type { Actor } from '../access/actor.ts';
import { badRequest } from '../domain/errors.ts';
import type { ItemService } from '../items/items.service.ts';
import type { ListService } from '../lists/lists.service.ts';
import { echoed, findByName, speechWithin } from './spoken.ts';

/** Items "what's on" reads out before "and N more": a minute of listening at most (fewer when long, ALEXA_SPEECH_MAX_CHARS). */
export const SPOKEN_ITEMS_MAX = 20;
/** Lists named when the one asked for is not found. */
export const SPOKEN_LISTS_MAX = 10;

/** What to say, and the list the conversation is now about (the next "check off" looks there first). */
export interface VoiceAnswer {
  speech: string;
  listId?: string;
}

/** Where a request stands in its conversation: the list named before, if any. */
export interface Conversation {
  lastListId: string | undefined;
}

/**
 * "2 bottles milk": the quantity first when it is one (text or a number; any JSON can be stored
 * there), and when it is no longer than a spoken phrase: a property may hold 10 KB, which alone
 * would pass Alexa's limit on speech.
 */
function spokenItem(item: ItemView): string {
  const qty = quantityOf(item.properties)?.trim();
  return qty && qty.length <= SPOKEN_ECHO_MAX_CHARS ? `${qty} ${item.content}` : item.content;
}

/**
 * The skill's intents, carried out through the same services as the web app (so every change
 * reaches the app live and every check of the permission matrix and the app's scopes applies).
 * Which list: the one named; else the one this conversation was about; else the newest list. A
 * "check off" without a list looks in the conversation's list first, then in every list, newest
 * first.
 */
export function createVoiceActions(deps: { lists: ListService; items: ItemService }) {
  /** Every unchecked item of a list, in display order, a page at a time. */
  async function* uncheckedItems(actor: Actor, listId: string): AsyncGenerator<ItemView> {
    let cursor: string | undefined;
    do {
      const page = await deps.items.list(actor, listId, cursor === undefined ? {} : { cursor });
      yield* page.items.filter((item) => !item.is_completed);
      cursor = page.next ?? undefined;
    } while (cursor !== undefined);
  }

  async function findUnchecked(actor: Actor, listId: string, spoken: string): Promise<ItemView | undefined> {
    const items: ItemView[] = [];
    for await (const item of uncheckedItems(actor, listId)) items.push(item);
    return findByName(items, spoken, (item) => item.content);
  }

  /** The lists to look in, most likely first, or what to say when there is none to look in. */
  async function candidateLists(actor: Actor, spokenList: string | undefined, conversation: Conversation): Promise<ListView[] | VoiceAnswer> {
    const lists = await deps.lists.listsOf(actor);
    if (lists.length === 0) return { speech: ALEXA_SPEECH.noLists };
    if (spokenList) {
      const named = findByName(lists, spokenList, (list) => list.name);
      if (named) return [named];
      const names = lists.slice(0, SPOKEN_LISTS_MAX).map((list) => list.name);
      return { speech: speechWithin(names, names.length, (series) => ALEXA_SPEECH.listNotFound(echoed(spokenList), series)) };
    }
    const last = lists.find((list) => list.id === conversation.lastListId);
    return last ? [last, ...lists.filter((list) => list !== last)] : lists;
  }

  /** The pieces as the batch call's entries, held to its limits (a refusal said in its words). */
  function checkedBatch(pieces: readonly string[]) {
    const batch = BatchItemsBody.safeParse({ items: pieces.map((content) => ({ content })) });
    if (!batch.success) throw badRequest(batch.error.issues[0]!.message);
    return batch.data.items;
  }

  return {
    /**
     * "add {item} to {list}": the text is split and parsed like typed input ("2 milk and eggs" is
     * two items), and its pieces held to the batch call's limits, as the web client's are.
     */
    async add(actor: Actor, item: string | undefined, spokenList: string | undefined, conversation: Conversation): Promise<VoiceAnswer> {
      const text = item ?? '';
      const spoken = itemPieces(text);
      if (spoken.length === 0) return { speech: ALEXA_SPEECH.whichItem };
      checkedBatch(spoken);
      const lists = await candidateLists(actor, spokenList, conversation);
      if (!Array.isArray(lists)) return lists;
      const list = lists[0]!;
      // Split again with the names kept whole on that list, as the web app splits a line there.
      const pieces = itemPieces(text, await deps.items.namesKeptOn(list.id, text));
      const { body } = await deps.items.addBatch(actor, list.id, checkedBatch(pieces));
      const added = body.results.map(spokenItem);
      const speech = added.length > 0
        ? speechWithin(added, added.length, (series) => ALEXA_SPEECH.added(series, list.name))
        : ALEXA_SPEECH.alreadyOn(echoed(text), list.name);
      return { speech, listId: list.id };
    },

    /** "what's on {list}": the unchecked items, the first SPOKEN_ITEMS_MAX of them by name. */
    async read(actor: Actor, spokenList: string | undefined, conversation: Conversation): Promise<VoiceAnswer> {
      const lists = await candidateLists(actor, spokenList, conversation);
      if (!Array.isArray(lists)) return lists;
      const list = lists[0]!;
      const first: string[] = [];
      let count = 0;
      for await (const item of uncheckedItems(actor, list.id)) {
        if (count++ < SPOKEN_ITEMS_MAX) first.push(spokenItem(item));
      }
      const speech = count === 0
        ? ALEXA_SPEECH.nothingOn(list.name)
        : speechWithin(first, count, (series) => ALEXA_SPEECH.listItems(list.name, count, series));
      return { speech, listId: list.id };
    },

    /** "check off {item}" (optionally "on {list}"). */
    async checkOff(actor: Actor, item: string | undefined, spokenList: string | undefined, conversation: Conversation): Promise<VoiceAnswer> {
      if (!item?.trim()) return { speech: ALEXA_SPEECH.whichItem };
      const lists = await candidateLists(actor, spokenList, conversation);
      if (!Array.isArray(lists)) return lists;
      // Lists the caller may change first: a list shared read-only with them must not stand in
      // the way of the same item on their own. Only when none holds it does a read-only one answer.
      const changeableFirst = [...lists.filter((list) => list.can.editItems), ...lists.filter((list) => !list.can.editItems)];
      for (const list of changeableFirst) {
        const found = await findUnchecked(actor, list.id, item);
        if (!found) continue;
        await deps.items.update(actor, list.id, found.id, { is_completed: true });
        return { speech: ALEXA_SPEECH.checkedOff(found.content, list.name), listId: list.id };
      }
      return { speech: spokenList ? ALEXA_SPEECH.itemNotOnList(echoed(item), lists[0]!.name) : ALEXA_SPEECH.itemNotFound(echoed(item)) };
    },
  };
}

export type VoiceActions = ReturnType<typeof createVoiceActions>;

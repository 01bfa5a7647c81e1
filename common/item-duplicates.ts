import { duplicateItemWarning } from './messages.ts';

/**
 * What adding items does with names already on the list (docs/api.md, "Duplicates"), one rule for
 * the server (the authority) and the web client (its optimistic rows):
 * - a name on an unchecked item of the list, or earlier in the same request, is not added again:
 *   the answer warns `"milk" is already on this list` instead;
 * - a name on a checked item puts that item back on the list (unchecked) instead of a second copy;
 * - anything else is created.
 * Names compare by `itemNameKey` (common/item-input.ts): "2 Eggs" and "egg" are one name.
 */

export interface NamedDraft {
  content: string;
  nameKey: string;
}

export interface ExistingItem {
  id: string;
  nameKey: string;
  isCompleted: boolean;
}

export type AddStep<D> =
  | { kind: 'create'; draft: D }
  | { kind: 'reopen'; draft: D; itemId: string }
  | { kind: 'skip'; draft: D };

export interface AddPlan<D> {
  /** One step per draft, in the order typed. */
  steps: AddStep<D>[];
  /** Each duplicate's warning once. */
  warnings: string[];
}

export function planAdds<D extends NamedDraft>(drafts: readonly D[], existing: readonly ExistingItem[]): AddPlan<D> {
  const onList = new Set(existing.filter((item) => !item.isCompleted).map((item) => item.nameKey));
  const checked = new Map<string, string>();
  for (const item of existing) if (item.isCompleted && !checked.has(item.nameKey)) checked.set(item.nameKey, item.id);
  const warnings = new Set<string>();
  const steps = drafts.map((draft): AddStep<D> => {
    if (onList.has(draft.nameKey)) {
      warnings.add(duplicateItemWarning(draft.content));
      return { kind: 'skip', draft };
    }
    onList.add(draft.nameKey);
    const itemId = checked.get(draft.nameKey);
    return itemId === undefined ? { kind: 'create', draft } : { kind: 'reopen', draft, itemId };
  });
  return { steps, warnings: [...warnings] };
}

import { OTHER_DEPARTMENT } from '../../../common/ai.ts';
import type { Classification } from '../ai-provider.ts';
import type { Lexicon, LexiconEntry } from './lexicon.ts';

/**
 * The offline classification of one name: the lexicon's entry, moved to the freezer or the can
 * aisle when the name says so ("frozen spinach" is not found with the fresh spinach). A name the
 * lexicon does not know is Other, medium: the user's correction of it is remembered per user
 * (property memory) and wins from then on.
 */

const UNKNOWN: Classification = { department: OTHER_DEPARTMENT, category: 'Other', priority: 'medium' };

function frozen(entry: LexiconEntry | undefined): Classification {
  if (entry?.department === 'Frozen') return entry;
  const category =
    entry?.department === 'Produce'
      ? 'Frozen Vegetables & Fruit'
      : entry?.department === 'Meat & Seafood'
        ? 'Frozen Meat & Fish'
        : 'Frozen Meals';
  return { department: 'Frozen', category, priority: entry?.priority ?? 'medium' };
}

function canned(entry: LexiconEntry | undefined): Classification {
  if (entry?.department === 'Canned & Jarred') return entry;
  const category =
    entry?.category === 'Fruit'
      ? 'Canned Fruit'
      : entry?.category === 'Fish & Seafood'
        ? 'Canned Fish'
        : entry?.department === 'Produce'
          ? 'Canned Vegetables'
          : 'Canned Goods';
  return { department: 'Canned & Jarred', category, priority: entry?.priority ?? 'medium' };
}

export function classifyName(lexicon: Lexicon, name: string): Classification {
  const { entry, frozen: isFrozen, canned: isCanned } = lexicon.match(name);
  if (isFrozen) return frozen(entry);
  if (isCanned) return canned(entry);
  if (!entry) return UNKNOWN;
  return { department: entry.department, category: entry.category, priority: entry.priority };
}

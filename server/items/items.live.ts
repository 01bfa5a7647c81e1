import type { LiveSources } from '../realtime/index.ts';
import type { ItemPresenter } from './item.presenter.ts';
import { readAllItemPages } from './item-pages.ts';
import { findItemsByIds } from './items.queries.ts';

/** The items feature's reads for live subscriptions: the same pages and documents as GET /lists/{id}/items. */
export function itemLiveSources(presentItem: ItemPresenter): Pick<LiveSources, 'itemPages' | 'itemsByIds' | 'itemDoc'> {
  return { itemPages: readAllItemPages, itemsByIds: findItemsByIds, itemDoc: presentItem };
}

import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { UI_TEXT } from '../../common/messages.ts';
import { appStore, resetAppState } from '../core/store/app-state.ts';
import { addItemsAction } from '../features/items/item-actions.ts';
import { deleteItemAction } from '../features/items/undoable-actions.ts';
import { answer, item, mockFetch } from '../test/http.ts';
import { Announcer } from './Announcer.tsx';

let fetchMock: ReturnType<typeof mockFetch>;
beforeEach(() => {
  resetAppState();
  fetchMock = mockFetch();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('tells a screen reader of the items added and of an item deleted, which show only as rows coming and going', async () => {
  render(<Announcer />);
  const status = screen.getByRole('status');
  fetchMock.mockResolvedValueOnce(answer(201, { results: [item('a', 'milk'), item('b', 'eggs')], warnings: [], merged: {} }));
  await addItemsAction('l1', 'milk, eggs');
  expect(status).toHaveTextContent(UI_TEXT.itemsAddedAnnouncement(['milk', 'eggs']));

  fetchMock.mockResolvedValueOnce(answer(204));
  await deleteItemAction('l1', appStore.get().items.l1![0]!);
  expect(status).toHaveTextContent(UI_TEXT.itemDeletedAnnouncement('milk'));
});

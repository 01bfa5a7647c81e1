import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIST_VIEW_TEXT } from '../../../common/list-view.ts';
import type { ListView } from '../../../common/schemas/lists.ts';
import { resetAppState } from '../../state/app-state.ts';
import { makeList } from '../../test/factories.ts';
import { answer, mockFetch } from '../../test/http.ts';
import { ListOptionsMenu } from './ListOptionsMenu.tsx';

const admin = makeList({ isOwner: false, can: { editItems: true, manageList: true, manageShares: true, deleteList: false, leaveList: true } });
const editor = makeList({ isOwner: false, can: { editItems: true, manageList: false, manageShares: false, deleteList: false, leaveList: true } });

const menuOf = (list: ListView) => (
  <MemoryRouter>
    <ListOptionsMenu list={list} />
  </MemoryRouter>
);

describe('ListOptionsMenu', () => {
  beforeEach(() => {
    resetAppState();
    mockFetch().mockResolvedValue(answer(200, { shares: [] }));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it.each([
    ['Share List', 'Share List'],
    ['List Settings', 'List Settings'],
  ])('closes %s when the server takes the right to it away, and keeps it shut when the right comes back', async (entry, title) => {
    const user = userEvent.setup();
    const view = render(menuOf(admin));
    await user.click(screen.getByRole('button', { name: LIST_VIEW_TEXT.listOptions }));
    await user.click(await screen.findByRole('menuitem', { name: entry }));
    expect(await screen.findByRole('dialog', { name: title })).toBeInTheDocument();

    view.rerender(menuOf(editor));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    view.rerender(menuOf(admin));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

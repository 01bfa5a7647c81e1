import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIST_VIEW_TEXT } from '../../../../common/list-view.ts';
import { LIST_TRANSFER_TEXT } from '../../../../common/transfer.ts';
import type { ListView } from '../../../../common/schemas/lists.ts';
import { resetAppState } from '../../../core/store/app-state.ts';
import { makeList } from '../../../test/factories.ts';
import { answer, mockFetch } from '../../../test/http.ts';
import { ListOptionsMenu } from './ListOptionsMenu.tsx';

const admin = makeList({ isOwner: false, can: { editItems: true, manageList: true, manageShares: true, deleteList: false, leaveList: true } });
const viewer = makeList({ isOwner: false, can: { editItems: false, manageList: false, manageShares: false, deleteList: false, leaveList: true } });
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

  it('offers the exports to a member who may only view, and the import only to one who may edit', async () => {
    const user = userEvent.setup();
    const view = render(menuOf(viewer));
    await user.click(screen.getByRole('button', { name: LIST_VIEW_TEXT.listOptions }));
    expect(await screen.findByRole('menuitem', { name: LIST_TRANSFER_TEXT.exportMarkdown })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: LIST_TRANSFER_TEXT.exportCsv })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: LIST_TRANSFER_TEXT.importIntoList })).toBeNull();
    await user.keyboard('{Escape}');

    view.rerender(menuOf(editor));
    await user.click(screen.getByRole('button', { name: LIST_VIEW_TEXT.listOptions }));
    await user.click(await screen.findByRole('menuitem', { name: LIST_TRANSFER_TEXT.importIntoList }));
    expect(await screen.findByRole('dialog', { name: LIST_TRANSFER_TEXT.importIntoList })).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
  });

  it('downloads the list as CSV under the name the server gives it', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch();
    const exportPath = '/api/v1/lists/l1/export?format=csv';
    // Answered by address: a live socket an earlier test of the file opened may ask for its ticket meanwhile.
    fetchMock.mockImplementation(async (url) =>
      String(url) === exportPath
        ? new Response('item,quantity,checked\r\n', {
            status: 200,
            headers: { 'content-type': 'text/csv', 'content-disposition': `attachment; filename="Caf_.csv"; filename*=UTF-8''Caf%C3%A9.csv` },
          })
        : answer(503, { error: { code: 'unavailable', message: 'not in this test' } }),
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:list', revokeObjectURL: () => undefined }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    render(menuOf(viewer));
    await user.click(screen.getByRole('button', { name: LIST_VIEW_TEXT.listOptions }));
    await user.click(await screen.findByRole('menuitem', { name: LIST_TRANSFER_TEXT.exportCsv }));
    await waitFor(() => expect(clicked).toEqual(['Café.csv']));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(exportPath);
    click.mockRestore();
  });
});

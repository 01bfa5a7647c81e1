import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportPreview } from '../../../common/schemas/transfer.ts';
import { LIST_TRANSFER_TEXT } from '../../../common/transfer.ts';
import { toastStore } from '../../core/store/toasts.ts';
import { answer, failure, mockFetch } from '../../test/http.ts';
import { ListImportDialog } from './ListImportDialog.tsx';

const preview: ImportPreview = {
  kind: 'text',
  digest: 'd'.repeat(64),
  imported_at: null,
  lists: [{ name: 'Picnic', list_id: 'l1', items: 2, checked: 0, photos: 0, shares: 0, merged: 1 }],
  skipped: [],
};

/** What the import's upload (XMLHttpRequest, for its progress) sent; it answers `result`. */
function fakeUpload(result: unknown) {
  const sent: { method: string; url: string; body: Blob }[] = [];
  class FakeXhr {
    upload = { onprogress: null };
    status = 0;
    statusText = '';
    responseText = '';
    onload?: () => void;
    onloadend?: () => void;
    private request = { method: '', url: '' };
    open(method: string, url: string) {
      this.request = { method, url };
    }
    setRequestHeader() {}
    getResponseHeader(name: string) {
      return name === 'content-type' ? 'application/json' : null;
    }
    send(body: Blob) {
      sent.push({ ...this.request, body });
      queueMicrotask(() => {
        this.status = 201;
        this.responseText = JSON.stringify(result);
        this.onload?.();
        this.onloadend?.();
      });
    }
    abort() {}
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

describe('ListImportDialog', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    fetchMock = mockFetch();
    toastStore.set([]);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('previews pasted items for this list, then imports them into it and closes', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    fetchMock.mockResolvedValueOnce(answer(200, preview));
    const sent = fakeUpload({ ...preview, list_ids: ['l1'] });
    render(<ListImportDialog listId="l1" onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: LIST_TRANSFER_TEXT.importIntoList })).toBeInTheDocument();

    await user.click(screen.getByLabelText(LIST_TRANSFER_TEXT.pasteLabel));
    await user.paste('- [ ] milk\n- [ ] 2 eggs');
    await user.click(screen.getByRole('button', { name: LIST_TRANSFER_TEXT.previewPasted }));
    const line = await screen.findByTestId('list-import-preview');
    expect(line).toHaveTextContent('In pasted.txt: 2 new items; 1 already on the list, merged');
    expect(line).toHaveFocus();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/imports/preview?file_name=pasted.txt&list_id=l1');
    expect(await (init!.body as Blob).text()).toBe('- [ ] milk\n- [ ] 2 eggs');

    await user.click(screen.getByRole('button', { name: 'Import 2 items' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.map((request) => [request.method, request.url])).toEqual([['POST', '/api/v1/imports?file_name=pasted.txt&list_id=l1']]);
    expect(await sent[0]!.body.text()).toBe('- [ ] milk\n- [ ] 2 eggs');
    expect(toastStore.get().map((toast) => toast.message)).toEqual([LIST_TRANSFER_TEXT.imported(2)]);
  });

  it('asks for text before previewing nothing, and shows the server\'s refusal of a file', async () => {
    const user = userEvent.setup();
    render(<ListImportDialog listId="l1" onClose={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: LIST_TRANSFER_TEXT.previewPasted }));
    expect(screen.getByRole('alert')).toHaveTextContent(LIST_TRANSFER_TEXT.pasteSomething);
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(failure(400, 'notes.json, at line 1: not a Google Keep note.'));
    await user.upload(screen.getByLabelText(LIST_TRANSFER_TEXT.chooseFile), new File(['{'], 'notes.json', { type: 'application/json' }));
    expect(await screen.findByText('notes.json, at line 1: not a Google Keep note.')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/imports/preview?file_name=notes.json&list_id=l1');
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
  });

  it('reads pasted recipe ingredients as items without their preparation', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(answer(200, { ...preview, lists: [{ ...preview.lists[0]!, items: 4, merged: 0 }] }));
    render(<ListImportDialog listId="l1" onClose={vi.fn()} />);
    await user.selectOptions(screen.getByLabelText(LIST_TRANSFER_TEXT.pastedKind), LIST_TRANSFER_TEXT.pastedRecipe);
    await user.click(screen.getByLabelText(LIST_TRANSFER_TEXT.pasteLabel));
    await user.paste('Ingredients:\n2 onions, finely chopped\n1 cup flour, sifted\nsalt and pepper to taste');
    await user.click(screen.getByRole('button', { name: LIST_TRANSFER_TEXT.previewPasted }));
    expect(await screen.findByTestId('list-import-preview')).toHaveTextContent('In recipe.txt: 4 new items');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/imports/preview?file_name=recipe.txt&list_id=l1');
    expect(await (init!.body as Blob).text()).toBe('2 onions\n1 cup flour\nsalt\npepper');
  });

  it('says so when the pasted recipe holds no ingredient', async () => {
    const user = userEvent.setup();
    render(<ListImportDialog listId="l1" onClose={vi.fn()} />);
    await user.selectOptions(screen.getByLabelText(LIST_TRANSFER_TEXT.pastedKind), LIST_TRANSFER_TEXT.pastedRecipe);
    await user.click(screen.getByLabelText(LIST_TRANSFER_TEXT.pasteLabel));
    await user.paste('Ingredients:\n\n1.');
    await user.click(screen.getByRole('button', { name: LIST_TRANSFER_TEXT.previewPasted }));
    expect(screen.getByRole('alert')).toHaveTextContent(LIST_TRANSFER_TEXT.noIngredients);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

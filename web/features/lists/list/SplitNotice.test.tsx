import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseItem } from '../../../../common/item-input.ts';
import { SPLIT_NOTICE_MS, SPLIT_TEXT } from '../../../../common/split-notice.ts';
import { appStore, resetAppState } from '../../../core/store/app-state.ts';
import { addTypedLineAction, dismissSplitNotice } from '../../items/split-notice.ts';
import { answer, item, mockFetch } from '../../../test/http.ts';
import { AddBar } from './AddBar.tsx';
import { SplitNotice } from './SplitNotice.tsx';

/** The add bar of list l1 with its notice, as the list screen draws it. */
function renderBar() {
  return render(<AddBar history={[]} notice={<SplitNotice listId="l1" />} onAdd={(text) => addTypedLineAction('l1', text)} />);
}

const input = () => screen.getByRole('combobox', { name: 'Add items' });
const keepButton = () => screen.queryByRole('button', { name: SPLIT_TEXT.keep });

describe('SplitNotice', () => {
  beforeEach(() => {
    resetAppState();
    dismissSplitNotice();
    mockFetch().mockImplementation(async (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { items: { id: string; content: string }[]; remove?: string[] };
      const results = body.items.map((entry) => item(entry.id, parseItem(entry.content).content));
      return answer(201, { results, warnings: [], merged: {}, ...(body.remove ? { removed: body.remove } : {}) });
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('says what "and" split, above the input, heard without taking the focus', async () => {
    renderBar();
    await userEvent.type(input(), 'chips and salsa{Enter}');
    const status = await screen.findByRole('status');
    await waitFor(() => expect(status).toHaveTextContent(SPLIT_TEXT.became('chips and salsa', 2)));
    expect(keepButton()).toHaveAccessibleDescription(SPLIT_TEXT.became('chips and salsa', 2));
    expect(input()).toHaveFocus();
  });

  it('says nothing for a line that splits nowhere it could have meant otherwise', async () => {
    renderBar();
    await userEvent.type(input(), 'mac and cheese, milk{Enter}');
    await waitFor(() => expect(appStore.get().items.l1?.map((entry) => entry.tempId)).toEqual([undefined, undefined]));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('keeps the stretch as one item, offers Undo, and keeps the focus in the notice, then on the input', async () => {
    renderBar();
    await userEvent.type(input(), 'chips and salsa{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: SPLIT_TEXT.keep }));
    expect(await screen.findByText(SPLIT_TEXT.kept('chips and salsa'))).toBeInTheDocument();
    expect(appStore.get().items.l1?.map((entry) => entry.content)).toEqual(['chips and salsa']);
    expect(screen.getByRole('status').contains(document.activeElement)).toBe(true);

    await userEvent.click(await screen.findByRole('button', { name: SPLIT_TEXT.undo }));
    await waitFor(() => expect(appStore.get().items.l1?.map((entry) => entry.content)).toEqual(['chips', 'salsa']));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(input()).toHaveFocus();
  });

  it('goes when dismissed, the focus back on the input', async () => {
    renderBar();
    await userEvent.type(input(), 'chips and salsa{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: SPLIT_TEXT.dismiss }));
    expect(keepButton()).toBeNull();
    expect(input()).toHaveFocus();
  });

  it('goes by itself after a while, but not while the pointer or the focus rests on it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderBar();
    await act(() => addTypedLineAction('l1', 'chips and salsa'));
    const status = screen.getByRole('status');

    // React makes its pointer enter and leave of the over and out events.
    fireEvent.pointerOver(status);
    act(() => {
      vi.advanceTimersByTime(SPLIT_NOTICE_MS * 2);
    });
    expect(keepButton()).not.toBeNull();
    fireEvent.pointerOut(status, { relatedTarget: document.body });
    act(() => keepButton()!.focus());
    act(() => {
      vi.advanceTimersByTime(SPLIT_NOTICE_MS * 2);
    });
    expect(keepButton()).not.toBeNull();

    act(() => input().focus());
    act(() => {
      vi.advanceTimersByTime(SPLIT_NOTICE_MS - 1);
    });
    expect(keepButton()).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(keepButton()).toBeNull();
  });

  it('is gone when the list is left', async () => {
    const view = renderBar();
    await act(() => addTypedLineAction('l1', 'chips and salsa'));
    expect(keepButton()).not.toBeNull();
    view.unmount();
    renderBar();
    expect(keepButton()).toBeNull();
  });
});

import 'fake-indexeddb/auto';
import { act, cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UI_TEXT } from '../../../common/messages.ts';
import { makeUser } from '../../test/factories.ts';
import { appStore, resetAppState } from '../../core/store/app-state.ts';
import type { PendingChange } from '../../core/sync/pending-change.ts';
import { session } from '../../core/store/session.ts';
import { forgetWaitingPhoto, keepWaitingPhoto, keptPhotoCounts, waitingPhotos, type WaitingPhoto } from '../photos/waiting-photos.ts';
import { SignOutDialog, useSignOut } from './SignOut.tsx';

const unsent: PendingChange = { key: 'k1', listId: 'l1', method: 'POST', path: '/lists/l1/items/batch', body: { items: [] } };
const setUnsent = (pendingChanges: PendingChange[]) => act(() => appStore.update((state) => ({ ...state, pendingChanges })));

function LogoutButton() {
  const signOut = useSignOut();
  return (
    <button type="button" onClick={() => void signOut()}>
      Logout
    </button>
  );
}

function renderApp() {
  render(
    <MemoryRouter>
      <LogoutButton />
      <SignOutDialog />
    </MemoryRouter>,
  );
}

describe('signing out', () => {
  beforeEach(() => {
    session.signIn({ token: 'token', user: makeUser() });
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 204 })));
  });
  afterEach(() => {
    cleanup();
    session.signOut();
    resetAppState();
    vi.unstubAllGlobals();
  });

  it('signs out at once when every change has reached the server', async () => {
    renderApp();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await vi.waitFor(() => expect(session.get().token).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks first with changes not yet sent, and lets the question go once they have been sent meanwhile', async () => {
    renderApp();
    setUnsent([unsent, { ...unsent, key: 'k2' }]);
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(screen.getByRole('dialog', { name: UI_TEXT.unsentChangesTitle })).toHaveTextContent(UI_TEXT.unsentChanges(2));
    expect(session.get().token).toBe('token');

    setUnsent([]);
    expect(screen.queryByRole('dialog')).toBeNull();
    // A later change does not bring the old question back.
    setUnsent([unsent]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(session.get().token).toBe('token');
  });

  it('signs out, discarding them, only on "Sign out anyway"', async () => {
    renderApp();
    setUnsent([unsent]);
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(screen.getByRole('dialog')).toHaveTextContent(UI_TEXT.unsentChanges(1));
    await userEvent.click(screen.getByRole('button', { name: UI_TEXT.signOutAnyway }));
    await vi.waitFor(() => expect(session.get().token).toBeNull());
    expect(appStore.get().pendingChanges).toEqual([]);
  });

  describe('with photos kept on the device until they are uploaded', () => {
    const photo = (key: string, userId: string): WaitingPhoto => ({
      key, userId, listId: 'l1', itemId: 'i1', imageData: 'data:image/jpeg;base64,AAAA', keptAt: new Date().toISOString(),
    });
    const keep = async (kept: WaitingPhoto) => {
      await act(async () => void (await keepWaitingPhoto(kept)));
      await vi.waitFor(() => expect(keptPhotoCounts.get()[kept.userId]).toBeGreaterThan(0));
    };

    it("asks for the signed-in user's photos, not another account's, and lets the question go once they are sent", async () => {
      const me = session.get().user!.id;
      await keep(photo('p-other', 'someone-else'));
      renderApp();
      await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
      await vi.waitFor(() => expect(session.get().token).toBeNull());

      session.signIn({ token: 'token', user: makeUser({ id: me }) });
      await keep(photo('p-mine', me));
      setUnsent([unsent]);
      await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
      expect(screen.getByRole('dialog', { name: UI_TEXT.unsentChangesTitle })).toHaveTextContent(UI_TEXT.unsentChanges(1, 1));
      setUnsent([]);
      expect(screen.getByRole('dialog')).toHaveTextContent(UI_TEXT.unsentChanges(0, 1));
      await act(() => forgetWaitingPhoto('p-mine'));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(session.get().token).toBe('token');
    });

    it('discards them only on "Sign out anyway"', async () => {
      await keep(photo('p-mine', session.get().user!.id));
      renderApp();
      await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
      expect(screen.getByRole('dialog')).toHaveTextContent('1 photo has not reached the server yet.');
      await userEvent.click(screen.getByRole('button', { name: UI_TEXT.signOutAnyway }));
      await vi.waitFor(() => expect(session.get().token).toBeNull());
      await vi.waitFor(async () => expect(await waitingPhotos()).toEqual([]));
      expect(keptPhotoCounts.get()).toEqual({});
    });
  });
});

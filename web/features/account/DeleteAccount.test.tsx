import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../common/constants.ts';
import { MESSAGES, SERVER_MESSAGES, UI_TEXT } from '../../../common/messages.ts';
// The cache's storage, loaded with the signed-in app around this section, forgets the cache at sign-out.
import '../../core/store/cache-storage.ts';
import { localStore } from '../../core/store/local-storage.ts';
import { session, useSession } from '../../core/store/session.ts';
import { makeUser } from '../../test/factories.ts';
import { callOf, failure, mockFetch } from '../../test/http.ts';
import { LoginScreen } from '../auth/LoginScreen.tsx';
import { DeleteAccount } from './DeleteAccount.tsx';

/** As the app: signed out, every path shows the sign-in page (the same one, whatever the path). */
function SignedInOrNot() {
  const { user } = useSession();
  return (
    <Routes>
      <Route path="*" element={user ? <DeleteAccount /> : <LoginScreen />} />
    </Routes>
  );
}

describe('DeleteAccount', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    fetchMock = mockFetch();
    session.signIn({ token: 'tok', user: makeUser() });
    localStore.setItem(STORAGE_KEYS.cache, '{"userId":"u1"}');
    render(
      <MemoryRouter initialEntries={['/account']}>
        <SignedInOrNot />
      </MemoryRouter>,
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    session.signOut();
  });

  async function openDialog() {
    await userEvent.click(screen.getByRole('button', { name: 'Delete account…' }));
    return screen.getByRole('dialog', { name: UI_TEXT.deleteAccount });
  }

  it('asks for the password before calling the server', async () => {
    const dialog = await openDialog();
    expect(dialog).toHaveTextContent(UI_TEXT.deleteAccountExplained);
    expect(within(dialog).getByLabelText('Current password')).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MESSAGES.currentPasswordRequired);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says what the server refused, and stays signed in", async () => {
    fetchMock.mockResolvedValueOnce(failure(400, SERVER_MESSAGES.currentPasswordWrong));
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Current password'), 'wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(SERVER_MESSAGES.currentPasswordWrong);
    expect(within(dialog).getByRole('button', { name: 'Delete account' })).toHaveAttribute('aria-disabled', 'false');
    expect(session.get().user?.id).toBe('u1');
    // The focus goes back to the field, which says it again, until it is edited.
    const field = within(dialog).getByLabelText('Current password');
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(SERVER_MESSAGES.currentPasswordWrong);
    await userEvent.type(field, 'x');
    expect(field).toHaveAttribute('aria-invalid', 'false');
    expect(within(dialog).getByRole('alert')).toBeEmptyDOMElement();
  });

  it('too many tries: says so, without marking the password wrong', async () => {
    fetchMock.mockResolvedValueOnce(failure(429, SERVER_MESSAGES.tooManyAttempts));
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Current password'), 'secret-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(SERVER_MESSAGES.tooManyAttempts);
    expect(within(dialog).getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'false');
  });

  it('once deleted: signed out with the cache gone, on the sign-in page that says so', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Current password'), 'secret-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByText(UI_TEXT.accountDeleted)).toBeVisible();
    expect(callOf(fetchMock, 0)).toMatchObject({ url: '/api/v1/auth/account', method: 'DELETE', body: { currentPassword: 'secret-password' } });
    expect(session.get().user).toBeNull();
    expect(localStore.getItem(STORAGE_KEYS.cache)).toBeNull();
    expect(screen.getByRole('button', { name: 'Login' })).toBeVisible();
  });
});

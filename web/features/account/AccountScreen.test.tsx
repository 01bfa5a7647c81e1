import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_TEXT } from '../../../common/admin.ts';
import { LINKED_APPS_TEXT } from '../../../common/alexa.ts';
import { SETTINGS_SUCCESS_MS } from '../../../common/constants.ts';
import { MESSAGES, SERVER_MESSAGES, UI_TEXT } from '../../../common/messages.ts';
import type { UserView } from '../../../common/schemas/auth.ts';
import { session } from '../../core/store/session.ts';
import { answer, callOf, failure, mockFetch } from '../../test/http.ts';
import { AccountScreen } from './AccountScreen.tsx';

const unconfirmed: UserView = { id: 'u1', email: 'ada@example.com', first_name: null, can_use_ai: true, email_verified: false };

/** Signs the user in and shows Account Settings. */
function showAccount(user: UserView) {
  session.signIn({ token: 'tok', user });
  render(
    <MemoryRouter>
      <AccountScreen user={user} />
    </MemoryRouter>,
  );
}

describe('AccountScreen: e-mail confirmation', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  /** Answers the screen's GET /auth/me with `user`, and the resend with `resend`. */
  function serve(user: UserView, resend: () => Promise<Response> = async () => answer(200, { message: SERVER_MESSAGES.verificationSent })) {
    fetchMock.mockImplementation(async (url) => {
      if (String(url).endsWith('/auth/me')) return answer(200, { user });
      if (String(url).endsWith('/auth/linked-apps')) return answer(200, { apps: [] });
      if (String(url).endsWith('/auth/tokens')) return answer(200, { tokens: [] });
      if (String(url).endsWith('/admin/contacts')) return answer(200, { administrators: [], is_admin: false });
      return resend();
    });
    showAccount(user);
    return screen.getByRole('region', { name: 'Profile' });
  }
  const resendButton = () => screen.getByRole('button', { name: UI_TEXT.resendVerification });
  // The outcome of a resend; the profile form below has its own.
  const outcome = (role: 'status' | 'alert') => within(screen.getByRole('region', { name: 'Profile' })).getAllByRole(role)[0]!;

  beforeEach(() => {
    localStorage.clear();
    fetchMock = mockFetch();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    session.signOut();
  });

  it('shows a confirmed address as confirmed, with nothing to send', () => {
    serve({ ...unconfirmed, email_verified: true });
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(UI_TEXT.emailConfirmed);
    expect(screen.queryByText(UI_TEXT.emailUnconfirmedHint)).toBeNull();
    expect(screen.queryByRole('button', { name: UI_TEXT.resendVerification })).toBeNull();
  });

  it('sends the link again, busy meanwhile, and says so', async () => {
    let send!: (response: Response) => void;
    serve(unconfirmed, () => new Promise((resolve) => (send = resolve)));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(UI_TEXT.emailNotConfirmed);
    expect(screen.getByText(UI_TEXT.emailUnconfirmedHint)).toBeVisible();

    await userEvent.click(resendButton());
    const busy = screen.getByRole('button', { name: UI_TEXT.resendingVerification });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    const resendCall = callOf(fetchMock, fetchMock.mock.calls.length - 1);
    expect(resendCall).toMatchObject({ url: '/api/v1/auth/verify-email/resend', method: 'POST' });
    expect(resendCall.headers.authorization).toBe('Bearer tok');

    send(answer(200, { message: SERVER_MESSAGES.verificationSent }));
    expect(await screen.findByText(SERVER_MESSAGES.verificationSent)).toBe(outcome('status'));
    expect(resendButton()).toHaveAttribute('aria-disabled', 'false');
    expect(outcome('alert')).toBeEmptyDOMElement();
  });

  it("says why a link could not be sent: the server's message, or a fallback", async () => {
    const answers = [failure(429, SERVER_MESSAGES.tooManyAttempts)];
    serve(unconfirmed, async () => answers.shift() ?? Promise.reject(new TypeError('Failed to fetch')));

    await userEvent.click(resendButton());
    expect(await screen.findByText(SERVER_MESSAGES.tooManyAttempts)).toBe(outcome('alert'));
    expect(resendButton()).toHaveAttribute('aria-disabled', 'false');
    await userEvent.click(resendButton());
    expect(await screen.findByText(UI_TEXT.resendVerificationFailed)).toBe(outcome('alert'));
    expect(outcome('status')).toBeEmptyDOMElement();
  });
});

describe('AccountScreen: the profile and a new password', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    session.signOut();
  });

  it('says what it ends, and shows the linked apps again once it has unlinked them', async () => {
    const user: UserView = { ...unconfirmed, email_verified: true };
    const alexa = { client_id: 'alexa-skill', name: 'Alexa', scopes: ['lists:read'], linked_at: '2025-03-01T10:00:00.000Z' };
    let linked = [alexa];
    const fetchMock = mockFetch();
    fetchMock.mockImplementation(async (url) => {
      if (String(url).endsWith('/auth/me')) return answer(200, { user });
      if (String(url).endsWith('/auth/linked-apps')) return answer(200, { apps: linked });
      if (String(url).endsWith('/auth/tokens')) return answer(200, { tokens: [] });
      linked = [];
      return answer(204);
    });
    showAccount(user);
    const password = screen.getByRole('region', { name: 'Change Password' });
    expect(password).toHaveTextContent(UI_TEXT.changePasswordExplained);
    const apps = screen.getByRole('region', { name: LINKED_APPS_TEXT.title });
    expect(await within(apps).findByText('Alexa')).toBeVisible();

    await userEvent.type(within(password).getByLabelText('Current password'), 'old-password');
    await userEvent.type(within(password).getByLabelText('New password'), 'new-password');
    await userEvent.type(within(password).getByLabelText('Confirm new password'), 'new-password');
    await userEvent.click(within(password).getByRole('button', { name: 'Change Password' }));
    expect(await within(password).findByText(MESSAGES.passwordChanged)).toBeVisible();
    expect(await within(screen.getByRole('region', { name: LINKED_APPS_TEXT.title })).findByText(LINKED_APPS_TEXT.none)).toBeVisible();
  });

  it('ties a refused password to its field, with the focus, and lets an edit clear it', async () => {
    const user: UserView = { ...unconfirmed, email_verified: true };
    const fetchMock = mockFetch();
    fetchMock.mockImplementation(async (url) => {
      if (String(url).endsWith('/auth/me')) return answer(200, { user });
      if (String(url).endsWith('/auth/linked-apps')) return answer(200, { apps: [] });
      if (String(url).endsWith('/auth/tokens')) return answer(200, { tokens: [] });
      return answer(400, { error: { code: 'invalid_input', message: SERVER_MESSAGES.currentPasswordWrong } });
    });
    showAccount(user);
    const password = screen.getByRole('region', { name: 'Change Password' });
    const current = within(password).getByLabelText('Current password');
    await userEvent.type(current, 'wrong-password');
    await userEvent.type(within(password).getByLabelText('New password'), 'new-password');
    await userEvent.type(within(password).getByLabelText('Confirm new password'), 'other-password');
    await userEvent.click(within(password).getByRole('button', { name: 'Change Password' }));
    const confirm = within(password).getByLabelText('Confirm new password');
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toHaveAccessibleDescription(MESSAGES.newPasswordsDoNotMatch);
    expect(confirm).toHaveFocus();
    expect(current).toHaveAttribute('aria-invalid', 'false');

    await userEvent.clear(confirm);
    await userEvent.type(confirm, 'new-password');
    expect(within(password).getByRole('alert')).toBeEmptyDOMElement();
    await userEvent.click(within(password).getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(current).toHaveAccessibleDescription(SERVER_MESSAGES.currentPasswordWrong));
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveFocus();
    expect(confirm).toHaveAttribute('aria-invalid', 'false');
  });

  it("shows the stored first name after a save, and clears the last save's success when the next one fails", async () => {
    const user: UserView = { ...unconfirmed, email_verified: true };
    const fetchMock = mockFetch();
    let profileAnswer = async (body: { first_name: string }) => answer(200, { user: { ...user, first_name: body.first_name || null } });
    fetchMock.mockImplementation(async (url, init) => {
      if (String(url).endsWith('/auth/me')) return answer(200, { user });
      if (String(url).endsWith('/auth/linked-apps')) return answer(200, { apps: [] });
      if (String(url).endsWith('/auth/tokens')) return answer(200, { tokens: [] });
      return profileAnswer(JSON.parse(String(init?.body)) as { first_name: string });
    });
    showAccount(user);
    const profile = screen.getByRole('region', { name: 'Profile' });
    const firstName = within(profile).getByLabelText('First Name');

    await userEvent.type(firstName, '   ');
    await userEvent.click(within(profile).getByRole('button', { name: 'Save' }));
    expect(await within(profile).findByText(MESSAGES.profileUpdated)).toBeVisible();
    expect(firstName).toHaveValue('');

    profileAnswer = async () => failure(400, SERVER_MESSAGES.textNotAllowed);
    await userEvent.type(firstName, 'Bob');
    await userEvent.click(within(profile).getByRole('button', { name: 'Save' }));
    expect(await within(profile).findByText(SERVER_MESSAGES.textNotAllowed)).toBeVisible();
    expect(within(profile).queryByText(MESSAGES.profileUpdated)).toBeNull();
  });

  it('sends a pasted control character as a space, and ties a refused name to its field, with the focus', async () => {
    const user: UserView = { ...unconfirmed, email_verified: true };
    const sent: string[] = [];
    const fetchMock = mockFetch();
    fetchMock.mockImplementation(async (url, init) => {
      if (String(url).endsWith('/auth/me')) return answer(200, { user });
      if (String(url).endsWith('/auth/linked-apps')) return answer(200, { apps: [] });
      if (String(url).endsWith('/auth/tokens')) return answer(200, { tokens: [] });
      sent.push((JSON.parse(String(init?.body)) as { first_name: string }).first_name);
      return failure(400, SERVER_MESSAGES.textNotAllowed);
    });
    showAccount(user);
    const profile = screen.getByRole('region', { name: 'Profile' });
    const firstName = within(profile).getByLabelText('First Name');
    fireEvent.change(firstName, { target: { value: 'a\u0000b\u0007c' } });
    await userEvent.click(within(profile).getByRole('button', { name: 'Save' }));
    expect(await within(profile).findByText(SERVER_MESSAGES.textNotAllowed)).toBeVisible();
    expect(sent).toEqual(['a b c']);
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(firstName).toHaveAccessibleDescription(SERVER_MESSAGES.textNotAllowed);
    expect(firstName).toHaveFocus();
    await userEvent.type(firstName, 'd');
    expect(firstName).toHaveAttribute('aria-invalid', 'false');
  });
});

describe('AccountScreen: a success message shows for SETTINGS_SUCCESS_MS', () => {
  const user: UserView = { ...unconfirmed, email_verified: true };
  beforeEach(() => {
    vi.useFakeTimers();
    mockFetch().mockImplementation(async (url) => {
      if (String(url).endsWith('/auth/me')) return answer(200, { user });
      if (String(url).endsWith('/auth/linked-apps')) return answer(200, { apps: [] });
      if (String(url).endsWith('/auth/tokens')) return answer(200, { tokens: [] });
      if (String(url).endsWith('/auth/profile')) return answer(200, { user: { ...user, first_name: 'Ada' } });
      return answer(204);
    });
    showAccount(user);
  });
  afterEach(() => {
    vi.useRealTimers();
    cleanup();
    vi.unstubAllGlobals();
    session.signOut();
  });
  /** Lets `ms` pass, and the fetch answers due by then arrive. */
  const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  it('the profile\'s, counted from the last save', async () => {
    const profile = screen.getByRole('region', { name: 'Profile' });
    const saved = within(profile.querySelector('form')!).getByRole('status');
    fireEvent.click(within(profile).getByRole('button', { name: 'Save' }));
    await wait(0);
    expect(saved).toHaveTextContent(MESSAGES.profileUpdated);
    await wait(SETTINGS_SUCCESS_MS - 1000);
    // Saved again: the first save's timer must not cut the second one's message short.
    fireEvent.click(within(profile).getByRole('button', { name: 'Save' }));
    await wait(0);
    await wait(SETTINGS_SUCCESS_MS - 1);
    expect(saved).toHaveTextContent(MESSAGES.profileUpdated);
    await wait(1);
    expect(saved).toBeEmptyDOMElement();
  });

  it("the new password's", async () => {
    const password = screen.getByRole('region', { name: 'Change Password' });
    fireEvent.change(within(password).getByLabelText('Current password'), { target: { value: 'old-password' } });
    fireEvent.change(within(password).getByLabelText('New password'), { target: { value: 'new-password' } });
    fireEvent.change(within(password).getByLabelText('Confirm new password'), { target: { value: 'new-password' } });
    fireEvent.click(within(password).getByRole('button', { name: 'Change Password' }));
    await wait(0);
    const changed = within(password).getByRole('status');
    expect(changed).toHaveTextContent(MESSAGES.passwordChanged);
    await wait(SETTINGS_SUCCESS_MS - 1);
    expect(changed).toHaveTextContent(MESSAGES.passwordChanged);
    await wait(1);
    expect(changed).toBeEmptyDOMElement();
  });
});

describe('AccountScreen: AI access and the administrators', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    session.signOut();
  });

  function serveContacts(user: UserView, contacts: unknown) {
    const fetchMock = mockFetch();
    fetchMock.mockImplementation(async (url) => {
      if (String(url).endsWith('/auth/me')) return answer(200, { user });
      if (String(url).endsWith('/admin/contacts')) return answer(200, contacts);
      return answer(200, { apps: [] });
    });
    showAccount(user);
  }

  it('names who can turn AI on for an account without it, and shows no administration link', async () => {
    const user = { ...unconfirmed, email_verified: true, can_use_ai: false };
    serveContacts(user, { administrators: [{ name: 'Ada', email: 'ada@example.com' }, { name: 'bo', email: 'bo@example.com' }], is_admin: false });
    expect(await screen.findByTestId('ai-contacts')).toHaveTextContent(ADMIN_TEXT.askAnAdmin(['Ada (ada@example.com)', 'bo (bo@example.com)']));
    expect(screen.queryByRole('link', { name: ADMIN_TEXT.link })).toBeNull();
  });

  it('says to ask the server\'s administrator when none is known, and links an administrator to the page', async () => {
    serveContacts({ ...unconfirmed, can_use_ai: false }, { administrators: [], is_admin: false });
    expect(await screen.findByTestId('ai-contacts')).toHaveTextContent(ADMIN_TEXT.askTheAdmin);
    cleanup();
    serveContacts({ ...unconfirmed, email_verified: true }, { administrators: [{ name: 'Ada', email: 'ada@example.com' }], is_admin: true });
    expect(await screen.findByRole('link', { name: ADMIN_TEXT.link })).toHaveAttribute('href', '/admin');
    expect(screen.queryByTestId('ai-contacts')).toBeNull();
  });
});

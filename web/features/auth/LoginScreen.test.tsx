import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../common/constants.ts';
import { MESSAGES, SERVER_MESSAGES, UI_TEXT } from '../../../common/messages.ts';
import { keepForNextSignIn } from '../../core/store/ended-session.ts';
import { session } from '../../core/store/session.ts';
import { makeUser } from '../../test/factories.ts';
import { LoginScreen } from './LoginScreen.tsx';
import { stubFetch } from '../../test/http.ts';

const showLogin = () =>
  render(
    <MemoryRouter>
      <LoginScreen />
    </MemoryRouter>,
  );

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('LoginScreen', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    localStorage.clear();
    session.signOut();
    stubFetch(fetchMock);
  });
  afterEach(() => {
    cleanup();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('signs in and keeps the token under listo_token', async () => {
    const user = makeUser();
    fetchMock.mockResolvedValueOnce(answer(200, { token: 'tok', user }));
    showLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(session.get()).toEqual({ token: 'tok', user }));
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/auth/login', expect.objectContaining({ method: 'POST' }));
    expect(localStorage.getItem('listo_token')).toBe('tok');
  });

  it('creates an account with the first name typed', async () => {
    const user = makeUser({ first_name: 'Alice' });
    fetchMock.mockResolvedValue(answer(201, { token: 'tok', user }));
    showLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'alice@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    expect(screen.getByLabelText(UI_TEXT.signUpFirstName)).toHaveAccessibleDescription(UI_TEXT.signUpFirstNameHint);
    await userEvent.type(screen.getByLabelText(UI_TEXT.signUpFirstName), ' Alice ');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(session.get()).toEqual({ token: 'tok', user }));
    const sent = JSON.parse(String(fetchMock.mock.calls[0]![1]!.body));
    expect(sent).toEqual({ email: 'alice@example.com', password: 'secret1', first_name: 'Alice' });
  });

  it('sends the form once on a double click', async () => {
    fetchMock.mockReturnValue(new Promise(() => {}));
    showLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    // Two clicks in one go, before anything renders between them: what a quick double click does.
    const registerButton = screen.getByRole('button', { name: 'Register' });
    fireEvent.click(registerButton);
    fireEvent.click(registerButton);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('says whose session the server ended and what waits to be sent, with the address filled in', async () => {
    const pending = { key: 'k1', listId: 'l1', method: 'POST' as const, path: '/lists/l1/items', body: { content: 'milk' } };
    keepForNextSignIn(makeUser({ email: 'ada@example.com' }), [pending, { ...pending, key: 'k2' }]);
    showLogin();
    expect(await screen.findByText(UI_TEXT.sessionEndedUnsent('ada@example.com', 2))).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('says that the session ended, with nothing waiting; and nothing at all after a Logout', async () => {
    keepForNextSignIn(makeUser({ email: 'ada@example.com' }), []);
    showLogin();
    expect(await screen.findByText(UI_TEXT.sessionEnded('ada@example.com'))).toBeVisible();
    cleanup();
    session.signOut();
    showLogin();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(UI_TEXT.sessionEnded('ada@example.com'))).toBeNull();
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it('says that the account was deleted on another device, and leaves the address out', async () => {
    keepForNextSignIn(makeUser({ email: 'ada@example.com' }), [], { accountDeleted: true });
    showLogin();
    expect(await screen.findByText(UI_TEXT.accountDeletedElsewhere('ada@example.com'))).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveValue('');
    // Said once: the deleted account's address does not stay on the device.
    expect(localStorage.getItem(STORAGE_KEYS.cache)).toBeNull();
  });

  it("shows the server's message, or the fixed fallback", async () => {
    fetchMock.mockResolvedValueOnce(answer(401, { error: { code: 'unauthorized', message: 'Invalid email or password.' } }));
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    showLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.loginFailed));
  });

  it('ties an error to the field it is about and takes the focus there: empty, bad, refused', async () => {
    fetchMock.mockResolvedValueOnce(answer(401, { error: { code: 'unauthorized', message: SERVER_MESSAGES.invalidCredentials } }));
    showLogin();
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    const login = screen.getByRole('button', { name: 'Login' });

    await userEvent.click(login);
    await waitFor(() => expect(email).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent(SERVER_MESSAGES.invalidEmail);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(SERVER_MESSAGES.invalidEmail);
    expect(password).toHaveAttribute('aria-invalid', 'false');
    expect(password).not.toHaveAttribute('aria-describedby');

    await userEvent.type(email, 'ada@example.com');
    await userEvent.click(login);
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('Password is required');
    expect(email).toHaveAttribute('aria-invalid', 'false');

    // The server does not say which of the two is wrong: both are marked, the focus goes to the first.
    await userEvent.type(password, 'wrong');
    await userEvent.click(login);
    await waitFor(() => expect(email).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent(SERVER_MESSAGES.invalidCredentials);
    for (const field of [email, password]) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(SERVER_MESSAGES.invalidCredentials);
    }
  });

  it('a taken address is about the e-mail field', async () => {
    fetchMock.mockResolvedValueOnce(answer(409, { error: { code: 'conflict', message: SERVER_MESSAGES.emailTaken } }));
    showLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(SERVER_MESSAGES.emailTaken);
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'false');
  });

  it('marks no field for a failure no field holds, and leaves the focus on the button', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    showLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(MESSAGES.loginFailed)).toHaveRole('alert');
    expect(screen.getByRole('button', { name: 'Login' })).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'false');
  });

  it("shows the fixed fallback, not a status text, for a proxy's error page", async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway', headers: { 'content-type': 'text/html' } }));
    showLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.loginFailed);
  });

  it('checks the form before calling the server', async () => {
    showLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SERVER_MESSAGES.passwordTooShort);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('answers a reset request with the fixed sentence, saying it is sending meanwhile', async () => {
    let reply!: (response: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (reply = resolve)));
    showLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const sending = await screen.findByRole('button', { name: UI_TEXT.sendingResetLink });
    expect(sending).toHaveAttribute('aria-disabled', 'true');
    expect(sending).toHaveFocus();
    reply(answer(200, { message: MESSAGES.passwordResetSent }));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.passwordResetSent);
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toHaveFocus();
  });
});

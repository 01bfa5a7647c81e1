import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OIDC_ERRORS, OIDC_TEXT } from '../../../common/oidc.ts';
import { session } from '../../core/store/session.ts';
import { makeUser } from '../../test/factories.ts';
import { answer } from '../../test/http.ts';
import { LoginScreen } from './LoginScreen.tsx';

const provider = { id: 'authentik', label: 'Authentik', available: true };

function showLogin(path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <LoginScreen />
    </MemoryRouter>,
  );
}

describe('the sign-in page with identity providers', () => {
  const calls: { url: string; body: unknown }[] = [];
  let answers: Record<string, () => Response>;
  const assign = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    session.signOut();
    calls.length = 0;
    answers = { '/api/v1/auth/methods': () => answer(200, { password: true, providers: [provider] }) };
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return answers[url]?.() ?? answer(404);
    });
    vi.stubGlobal('location', { ...window.location, assign });
  });
  afterEach(() => {
    cleanup();
    assign.mockReset();
    vi.unstubAllGlobals();
  });

  it('shows the button beside the password form, and goes to the provider', async () => {
    answers['/api/v1/auth/oidc/authentik/login'] = () => answer(200, { url: 'https://auth.example.com/authorize?x=1' });
    showLogin();
    await userEvent.click(await screen.findByRole('button', { name: OIDC_TEXT.signInWith('Authentik') }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://auth.example.com/authorize?x=1'));
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });

  it('says when a provider is unavailable, and why pressing it did not go there', async () => {
    answers['/api/v1/auth/methods'] = () => answer(200, { password: true, providers: [{ ...provider, available: false }] });
    answers['/api/v1/auth/oidc/authentik/login'] = () =>
      answer(503, { error: { code: OIDC_ERRORS.unavailable, message: OIDC_TEXT.unavailable('Authentik') } });
    showLogin();
    await userEvent.click(await screen.findByRole('button', { name: OIDC_TEXT.signInWithUnavailable('Authentik') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(OIDC_TEXT.unavailable('Authentik'));
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows the buttons alone when passwords are off', async () => {
    answers['/api/v1/auth/methods'] = () => answer(200, { password: false, providers: [provider] });
    showLogin();
    expect(await screen.findByRole('button', { name: OIDC_TEXT.signInWith('Authentik') })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Email')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
  });

  it('finishes on the way back: a refusal is said in the page', async () => {
    answers['/api/v1/auth/oidc/finish'] = () =>
      answer(403, { error: { code: OIDC_ERRORS.wrongGroup, message: OIDC_TEXT.wrongGroup('Authentik') } });
    showLogin('/?oidc=finish');
    expect(await screen.findByRole('alert')).toHaveTextContent(OIDC_TEXT.wrongGroup('Authentik'));
    expect(session.get().token).toBeNull();
  });

  it('links a provider that did not confirm the address by the password typed next', async () => {
    const user = makeUser();
    let asked = 0;
    answers['/api/v1/auth/oidc/finish'] = () =>
      asked++ === 0
        ? answer(409, { error: { code: OIDC_ERRORS.unverifiedEmail, message: OIDC_TEXT.unverifiedEmail('Authentik') } })
        : answer(200, { outcome: 'signed_in', token: 'tok', user });
    showLogin('/?oidc=finish');
    expect(await screen.findByText(OIDC_TEXT.unverifiedEmail('Authentik'))).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(session.get()).toEqual({ token: 'tok', user }));
    expect(calls.at(-1)).toEqual({
      url: '/api/v1/auth/oidc/finish',
      body: { credentials: { email: 'ada@example.com', password: 'secret1' } },
    });
  });
});

import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OIDC_TEXT } from '../../../common/oidc.ts';
import { session } from '../../core/store/session.ts';
import { answer } from '../../test/http.ts';
import { SignInProviders } from './SignInProviders.tsx';

const AUTHENTIK = { id: 'authentik', label: 'Authentik', available: true };
const GOOGLE = { id: 'google', label: 'Google', available: true };
const LINKED = { provider: 'authentik', label: 'Authentik', email: 'ada@example.com', linked_at: '2025-03-01T10:00:00.000Z' };

describe('SignInProviders', () => {
  let answers: Record<string, () => Response>;
  const calls: string[] = [];
  beforeEach(() => {
    calls.length = 0;
    session.signIn({ token: 'tok', user: { id: 'u1', email: 'ada@example.com', first_name: null, can_use_ai: true, email_verified: true } });
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      return answers[`${init?.method ?? 'GET'} ${url}`]?.() ?? answer(404);
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    session.signOut();
  });
  const show = () =>
    render(
      <MemoryRouter>
        <SignInProviders />
      </MemoryRouter>,
    );
  const region = () => screen.getByRole('region', { name: OIDC_TEXT.providersTitle });

  it('shows nothing on a server without providers', async () => {
    answers = { 'GET /api/v1/auth/identities': () => answer(200, { has_password: true, identities: [], providers: [] }) };
    const { container } = show();
    await waitFor(() => expect(calls).toEqual(['GET /api/v1/auth/identities']));
    expect(container).toBeEmptyDOMElement();
  });

  it('keeps the only way to sign in, and says how to free it', async () => {
    answers = { 'GET /api/v1/auth/identities': () => answer(200, { has_password: false, identities: [LINKED], providers: [AUTHENTIK, GOOGLE] }) };
    show();
    expect(await within(await screen.findByRole('region')).findByText(OIDC_TEXT.linkedAs('ada@example.com'))).toBeVisible();
    expect(within(region()).getByText(OIDC_TEXT.lastSignInMethod)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Unlink Authentik' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Link Google' })).toBeVisible();
  });

  it('unlinks after asking, and says so', async () => {
    answers = {
      'GET /api/v1/auth/identities': () => answer(200, { has_password: true, identities: [LINKED], providers: [AUTHENTIK] }),
      'DELETE /api/v1/auth/identities/authentik': () => answer(204),
    };
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Unlink Authentik' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent(OIDC_TEXT.unlinkConfirm('Authentik'));
    await userEvent.click(within(dialog).getByRole('button', { name: OIDC_TEXT.unlink }));
    expect(await within(region()).findByText(OIDC_TEXT.unlinked('Authentik'))).toBeVisible();
    expect(within(region()).getByText(OIDC_TEXT.notLinked)).toBeVisible();
    expect(calls).toContain('DELETE /api/v1/auth/identities/authentik');
  });
});

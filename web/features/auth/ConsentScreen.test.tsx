import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_PAGE_PATH, CONSENT_TEXT, SCOPE_WORDS } from '../../../common/oauth-apps.ts';
import { session } from '../../core/store/session.ts';
import { answer, callOf, failure, mockFetch } from '../../test/http.ts';
import { ConsentScreen } from './ConsentScreen.tsx';

const REQUEST = {
  client_id: 'app_abc',
  redirect_uri: 'https://claude.example/callback',
  state: 'xyz',
  response_type: 'code',
  scope: 'lists:read items:write',
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  code_challenge_method: 'S256',
  resource: 'http://localhost/mcp',
};
const CONSENT = { outcome: 'consent', client: { name: 'Claude', redirect_host: 'claude.example' }, scopes: ['lists:read', 'items:write'] };

describe('ConsentScreen', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  let assign: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = mockFetch();
    assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    session.signIn({ token: 'tok', user: { id: 'u1', email: 'ada@example.com', first_name: null, can_use_ai: true, email_verified: true } });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    session.signOut();
  });

  function open(query: Record<string, string> = REQUEST) {
    render(
      <MemoryRouter initialEntries={[`${CONSENT_PAGE_PATH}?${new URLSearchParams({ ...query, extra: 'dropped' })}`]}>
        <ConsentScreen />
      </MemoryRouter>,
    );
  }

  it('names the app, where the browser goes back to, and what it could do, in words', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, CONSENT));
    open();
    expect(await screen.findByRole('heading', { name: CONSENT_TEXT.title('Claude') })).toBeVisible();
    expect(screen.getByText(CONSENT_TEXT.redirectsTo('claude.example'))).toBeVisible();
    expect(screen.getByText(SCOPE_WORDS['lists:read'])).toBeVisible();
    expect(screen.getByText(SCOPE_WORDS['items:write'])).toBeVisible();
    expect(callOf(fetchMock, 0).url).toBe(`/api/v1/oauth/authorization?${new URLSearchParams(REQUEST)}`);
  });

  it.each(['allow', 'deny'] as const)('%s sends the decision and goes back to the app', async (decision) => {
    fetchMock.mockResolvedValueOnce(answer(200, CONSENT)).mockResolvedValueOnce(answer(200, { location: 'https://claude.example/callback?x=1' }));
    open();
    await userEvent.click(await screen.findByRole('button', { name: decision === 'allow' ? CONSENT_TEXT.allow : CONSENT_TEXT.deny }));
    expect(callOf(fetchMock, 1)).toMatchObject({ method: 'POST', body: { ...REQUEST, decision } });
    expect(assign).toHaveBeenCalledWith('https://claude.example/callback?x=1');
  });

  it('a request the app should hear is wrong goes back to it at once', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { outcome: 'redirect', location: 'https://claude.example/callback?error=invalid_request' }));
    open();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://claude.example/callback?error=invalid_request'));
    expect(screen.queryByRole('button', { name: CONSENT_TEXT.allow })).toBeNull();
  });

  it('an unknown app: says why, with a way back, and no buttons', async () => {
    fetchMock.mockResolvedValueOnce(failure(400, 'This app is not known.'));
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('This app is not known.');
    expect(screen.queryByRole('button', { name: CONSENT_TEXT.allow })).toBeNull();
    expect(screen.getByRole('link', { name: CONSENT_TEXT.backHome })).toBeVisible();
  });

  it('a failed decision says so, and the buttons work again', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, CONSENT)).mockResolvedValueOnce(failure(503, 'Server is busy'));
    open();
    await userEvent.click(await screen.findByRole('button', { name: CONSENT_TEXT.allow }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Server is busy');
    expect(screen.getByRole('button', { name: CONSENT_TEXT.allow })).not.toHaveAttribute('aria-disabled', 'true');
    expect(assign).not.toHaveBeenCalled();
  });
});

import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_MESSAGES, ACCESS_TOKEN_SCOPE_TEXT, ACCESS_TOKENS_TEXT } from '../../../common/access-tokens.ts';
import { session } from '../../core/store/session.ts';
import { answer, callOf, failure, mockFetch } from '../../test/http.ts';
import { AccessTokens } from './AccessTokens.tsx';

const CLAUDE = {
  id: 't1',
  name: 'Claude',
  scopes: ['lists:read', 'items:write'],
  created_at: '2026-11-01T10:00:00.000Z',
  last_used_at: null,
  expires_at: '2026-12-01T10:00:00.000Z',
};

describe('AccessTokens', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    localStorage.clear();
    fetchMock = mockFetch();
    session.signIn({ token: 'tok', user: { id: 'u1', email: 'ada@example.com', first_name: null, can_use_ai: true, email_verified: true } });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    session.signOut();
  });
  const region = () => screen.getByRole('region', { name: ACCESS_TOKENS_TEXT.title });

  it('makes a token with the scopes and lifetime chosen, and shows its secret until Done', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { tokens: [] })).mockResolvedValueOnce(answer(201, { token: CLAUDE, secret: 'listo_pat_abc' }));
    render(<AccessTokens />);
    expect(await within(region()).findByText(ACCESS_TOKENS_TEXT.none)).toBeVisible();

    await userEvent.type(screen.getByLabelText(ACCESS_TOKENS_TEXT.name), 'Claude');
    await userEvent.click(screen.getByLabelText(ACCESS_TOKEN_SCOPE_TEXT['lists:manage']));
    await userEvent.click(screen.getByLabelText(ACCESS_TOKEN_SCOPE_TEXT['items:write']));
    await userEvent.selectOptions(screen.getByLabelText(ACCESS_TOKENS_TEXT.expiry), '90');
    await userEvent.click(screen.getByRole('button', { name: ACCESS_TOKENS_TEXT.create }));

    expect(callOf(fetchMock, 1)).toMatchObject({
      url: '/api/v1/auth/tokens',
      method: 'POST',
      body: { name: 'Claude', scopes: ['lists:read', 'lists:manage'], expires_in_days: 90 },
    });
    expect(await screen.findByLabelText(ACCESS_TOKENS_TEXT.secretLabel('Claude'))).toHaveValue('listo_pat_abc');
    expect(within(region()).getByText('Claude')).toBeVisible();
    expect(within(region()).getByText(/never used/)).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: ACCESS_TOKENS_TEXT.done }));
    expect(screen.queryByDisplayValue('listo_pat_abc')).toBeNull();
    expect(screen.getByRole('heading', { name: ACCESS_TOKENS_TEXT.title })).toHaveFocus();
  });

  it("says why a token could not be made, in the server's words", async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { tokens: [] })).mockResolvedValueOnce(failure(400, ACCESS_TOKEN_MESSAGES.nameRequired));
    render(<AccessTokens />);
    // Spaces pass the field's `required`; the server refuses them.
    await userEvent.type(await screen.findByLabelText(ACCESS_TOKENS_TEXT.name), '   ');
    await userEvent.click(screen.getByRole('button', { name: ACCESS_TOKENS_TEXT.create }));
    expect(await within(region()).findByRole('alert')).toHaveTextContent(ACCESS_TOKENS_TEXT.createFailed + ACCESS_TOKEN_MESSAGES.nameRequired);
  });

  it('revokes a token after asking, and says so', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { tokens: [CLAUDE] })).mockResolvedValueOnce(answer(204));
    render(<AccessTokens />);
    await userEvent.click(await screen.findByRole('button', { name: `${ACCESS_TOKENS_TEXT.revoke} Claude` }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent(ACCESS_TOKENS_TEXT.revokeConfirm('Claude'));
    await userEvent.click(within(dialog).getByRole('button', { name: ACCESS_TOKENS_TEXT.revoke }));

    expect(await within(region()).findByRole('status')).toHaveTextContent(ACCESS_TOKENS_TEXT.revoked('Claude'));
    expect(callOf(fetchMock, 1)).toMatchObject({ url: '/api/v1/auth/tokens/t1', method: 'DELETE' });
    expect(screen.getByText(ACCESS_TOKENS_TEXT.none)).toBeVisible();
  });
});

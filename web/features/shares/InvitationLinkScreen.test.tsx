import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, SERVER_MESSAGES, UI_TEXT } from '../../../common/messages.ts';
import { answer, callOf, mockFetch } from '../../test/http.ts';
import { InvitationLinkScreen } from './InvitationLinkScreen.tsx';

function openLink(entry: string) {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/invitation" element={<InvitationLinkScreen />} />
      </Routes>
    </MemoryRouter>,
  );
}

const view = { listId: 'l1', listName: 'Weekend', sharedBy: 'Alice', permission: 'edit' };

describe('InvitationLinkScreen (signed out)', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    fetchMock = mockFetch();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows who invited to which list on the sign-in screen, the token sent in the body', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { ...view, state: 'open' }));
    openLink('/invitation#tok');
    expect(await screen.findByText(UI_TEXT.invitationLinkFrom('Alice', 'Weekend', UI_TEXT.permissionWords.edit))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MESSAGES.createAccountAndJoin })).toBeInTheDocument();
    expect(callOf(fetchMock, 0)).toMatchObject({ url: '/api/v1/invitation-links/view', method: 'POST', body: { token: 'tok' } });
  });

  it.each([
    ['expired', SERVER_MESSAGES.invitationLinkExpired],
    ['used', SERVER_MESSAGES.invitationLinkUsed],
    ['revoked', SERVER_MESSAGES.invitationLinkRevoked],
  ])('says a link that is %s no longer admits, and what to do, with no sign-in form', async (state, message) => {
    fetchMock.mockResolvedValueOnce(answer(200, { ...view, state }));
    openLink('/invitation#tok');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: MESSAGES.createAccountAndJoin })).toBeNull();
  });

  it('says a link without its token is incomplete, asking nothing of the server', () => {
    openLink('/invitation');
    expect(screen.getByRole('alert')).toHaveTextContent(UI_TEXT.invitationLinkIncomplete);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { UserView } from '../../../common/schemas/auth.ts';
import type { InvitationsResponse } from '../../../common/schemas/shares.ts';
import type { LiveClient } from '../../core/net/live-client.ts';
import { session } from '../../core/store/session.ts';
import { makeUser } from '../../test/factories.ts';
import { answer, mockFetch } from '../../test/http.ts';
import { followSignedInUser } from '../account/index.ts';
import { useWaitingInvitations } from './useWaitingInvitations.ts';

const user = makeUser({ email_verified: false });
const invitation = { listId: 'l9', listName: 'Camping', sharedBy: 'Alice', permission: 'edit', created_at: '2026-01-01T00:00:00.000Z' } as const;

function Waiting() {
  const { waiting } = useWaitingInvitations(false, 0);
  return <p>{waiting === undefined ? 'loading' : waiting.invitations.map((entry) => entry.listName).join(', ') || 'none'}</p>;
}

/** The live `user` topic as the socket serves it: its follower, and a way to deliver the document. */
function liveUserTopic(): (doc: UserView) => void {
  let onUpdate!: (docs: Map<string, UserView>) => void;
  const live = {
    subscribe: (options: { onUpdate: typeof onUpdate }) => {
      onUpdate = options.onUpdate;
      return { unsubscribe: () => undefined };
    },
  } as unknown as LiveClient;
  followSignedInUser(live);
  return (doc) => onUpdate(new Map([[doc.id, doc]]));
}

let fetchMock: ReturnType<typeof mockFetch>;
beforeEach(() => {
  session.signIn({ token: 'tok', user });
  fetchMock = mockFetch();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('reads the waiting invitations again when the account’s document arrives live, unchanged (an invitation came)', async () => {
  let waiting: InvitationsResponse = { invitations: [], can_send_mail: false };
  fetchMock.mockImplementation(async () => answer(200, waiting));
  const deliver = liveUserTopic();
  render(<Waiting />);
  expect(await screen.findByText('none')).toBeInTheDocument();

  waiting = { invitations: [invitation], can_send_mail: false };
  act(() => deliver(user));
  expect(await screen.findByText('Camping')).toBeInTheDocument();
  expect(fetchMock).toHaveBeenCalledTimes(2);
});

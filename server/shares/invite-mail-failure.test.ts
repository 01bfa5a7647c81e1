import { describe, it } from 'vitest';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { castOfList, expectRefused } from '../lists/list-test-helpers.ts';
import { useTestApp } from '../test/test-app.ts';

// Its own file, with one app: on PostgreSQL a second app in a file would migrate a second schema
// while the first exists, and the migrator (as open.ts sets it up) takes the first one's tables for its own.
const failing = useTestApp({
  mailer: {
    send: async () => {
      throw new Error('SMTP server unreachable');
    },
    close() {},
  },
});

describe('POST /lists/{id}/shares when the mail cannot be sent', () => {
  it('answers 502 and keeps no invitation nobody will hear of', async () => {
    const { owner, listId } = await castOfList(failing);
    const call = () =>
      failing.request({ method: 'POST', path: `/lists/${listId}/shares`, token: owner.token, body: { email: 'lost@example.com', permission: 'view' } });
    await expectRefused(failing, listId, call, 502, SERVER_MESSAGES.invitationMailFailed);
  });
});

import { describe, it } from 'vitest';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { castOfList, expectRefused } from '../lists/list-test-helpers.ts';
import { useTestApp } from '../test/test-app.ts';

// Its own file, because the whole app gets the failing mailer.
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

import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { castOfList } from '../test/lists.ts';
import { useTestApp } from '../test/test-app.ts';

// Its own file, because the whole app gets the failing mailer.
const failing = useTestApp({
  mailer: {
    delivers: true,
    send: async () => {
      throw new Error('SMTP server unreachable');
    },
    close() {},
  },
});

describe('POST /lists/{id}/shares when the mail cannot be sent', () => {
  it('answers 502 and keeps no invitation nobody will hear of', async () => {
    const { owner, listId } = await castOfList(failing);
    const sharesOf = () =>
      failing.database.db.selectFrom('list_shares').selectAll().where('list_id', '=', listId).orderBy('email').execute();
    const before = await sharesOf();
    const response = await failing.request({
      method: 'POST',
      path: `/lists/${listId}/shares`,
      token: owner.token,
      body: { email: 'lost@example.com', permission: 'view' },
    });
    expect(response.status).toBe(502);
    expect(response.body.error).toEqual({ code: 'mail_failed', message: SERVER_MESSAGES.invitationMailFailed });
    // The share was made and taken back (live subscribers may have seen both): none is left.
    expect(await sharesOf()).toEqual(before);
  });
});

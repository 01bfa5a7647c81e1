import { expect, it } from 'vitest';
import { SERVER_MESSAGES, UI_TEXT } from './messages.ts';

it('tells an invitee without mail whom to ask: the inviter by name, or the person who invited them', () => {
  expect(UI_TEXT.invitationNoMail('Alice')).toContain('Ask Alice for an invitation link');
  const anonymous = UI_TEXT.invitationNoMail(SERVER_MESSAGES.anonymousSharer);
  expect(anonymous).toContain('Ask the person who invited you for an invitation link');
  expect(anonymous).not.toContain(SERVER_MESSAGES.anonymousSharer);
});

import { describe, expect, it } from 'vitest';
import { createUser } from '../test/factories.ts';
import { insertList } from '../test/list-factories.ts';
import { useTestApp } from '../test/test-app.ts';

const limited = useTestApp({ config: { rateLimitAuth: 3 } });

describe('POST /lists/{id}/shares rate limit', () => {
  it('limits how many invitations one account sends a minute', async () => {
    const owner = await createUser(limited);
    const listId = await insertList(limited, owner.user.id);
    const invite = (n: number) =>
      limited.request({ method: 'POST', path: `/lists/${listId}/shares`, token: owner.token, body: { email: `r${n}@example.com`, permission: 'view' } });
    for (let n = 0; n < 3; n++) expect((await invite(n)).status).toBe(201);
    const refused = await invite(3);
    expect(refused.status).toBe(429);
    expect(limited.mails.filter((mail) => /^r\d@/.test(mail.to))).toHaveLength(3);
  });
});

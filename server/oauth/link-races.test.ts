import { describe, expect, it } from 'vitest';
import { createUser } from '../test/factories.ts';
import { usesPostgres } from '../test/test-database.ts';
import { useTestApp } from '../test/test-app.ts';
import { gateTransactions, until } from '../test/transaction-gate.ts';
import {
  authorizationQuery,
  linkAccount,
  pkcePair,
  REDIRECT_URI,
  submitLinkForm,
  TEST_ALEXA,
  tokenRequest,
  tokenWorks,
} from '../test/oauth-linking.ts';
import { endAllLinksOfUser } from './oauth.queries.ts';

/** Trading codes while the account changes under them (sweep 9), and one code or refresh token sent several times at once (sweep 13). */
const t = useTestApp({ config: { alexa: TEST_ALEXA } });

/** Codes given out to the user by the linking form, with their verifiers, not traded yet. */
async function codesOut(user: { email: string; password: string }, count: number) {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const { verifier, challenge } = pkcePair();
      const { location } = await submitLinkForm(t, authorizationQuery(challenge), user);
      return { code: location.searchParams.get('code')!, verifier };
    }),
  );
}

const trade = ({ code, verifier }: { code: string; verifier: string }) =>
  tokenRequest(t, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier });

const grantsOf = async (userId: string) =>
  (await t.database.db.selectFrom('oauth_grants').select('id').where('user_id', '=', userId).execute()).length;

describe('a code traded while the account changes', () => {
  it.each([
    ['a new password ended the links', (userId: string) => endAllLinksOfUser(t.database.db, userId)],
    ['the account was deleted', (userId: string) => t.database.db.deleteFrom('users').where('id', '=', userId).execute()],
  ])('gives no link, and no 5xx, when %s between the code being read and the link being saved', async (_case, change) => {
    const user = await createUser(t);
    const [out] = await codesOut(user, 1);
    const gate = gateTransactions(t);
    const traded = trade(out!);
    await until(() => gate.waiting() > 0);
    // Committed while the trade waits to save its link, as a request racing it would.
    await change(user.user.id);
    gate.open();
    const response = await traded;
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_grant');
    expect(await grantsOf(user.user.id)).toBe(0);
  });

  it.skipIf(!usesPostgres())('keeps one link when several codes of one app are traded at once', async () => {
    const user = await createUser(t);
    const trades = await Promise.all((await codesOut(user, 8)).map(trade));
    expect(trades.map((response) => response.status)).toEqual(Array(8).fill(200));
    expect(await grantsOf(user.user.id)).toBe(1);
  });
});

describe('one code or one refresh token, sent several times at once', () => {
  /** Rounds of each race: the order the requests meet in differs from round to round. */
  const ROUNDS = 3;

  it('a code traded three times at once leaves no link, whichever request came first', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const user = await createUser(t);
      const [out] = await codesOut(user, 1);
      const answers = await Promise.all([trade(out!), trade(out!), trade(out!)]);
      const won = answers.filter((answer) => answer.status === 200);
      expect(won.length).toBeLessThanOrEqual(1);
      for (const lost of answers.filter((answer) => answer.status !== 200)) expect(lost.body.error).toBe('invalid_grant');
      // A 200 can only be one whose link was saved before the replay revoked it.
      for (const { body } of won) {
        expect(await tokenWorks(t, body.access_token)).toBe(false);
        expect((await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: body.refresh_token })).body.error).toBe('invalid_grant');
      }
      expect(await grantsOf(user.user.id)).toBe(0);
    }
  });

  it('refreshes of one link at once: every access token answered with a 200 works', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { refreshToken } = await linkAccount(t, await createUser(t));
      const refresh = () => tokenRequest(t, { grant_type: 'refresh_token', refresh_token: refreshToken });
      const answers = await Promise.all(Array.from({ length: 6 }, refresh));
      expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
      for (const { body } of answers) expect(await tokenWorks(t, body.access_token)).toBe(true);
    }
  });
});

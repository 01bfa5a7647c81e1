import type { Migration } from 'kysely/migration';
import * as initial from './001-initial.ts';
import * as itemsMemoryAndIdempotency from './002-items-memory-and-idempotency.ts';
import * as realtime from './003-realtime.ts';
import * as sessionsAndVerification from './004-sessions-and-verification.ts';
import * as images from './005-images.ts';
import * as aiAnswers from './006-ai-answers.ts';
import * as accountLinking from './007-account-linking.ts';
import * as listLastChange from './008-list-last-change.ts';
import * as itemNameKeys from './009-item-name-keys.ts';
import * as listItemCounts from './010-list-item-counts.ts';
import * as nameKeysWithoutUnseenEnds from './011-name-keys-without-unseen-ends.ts';
import * as nameKeysWithoutInvisibleFormatting from './012-name-keys-without-invisible-formatting.ts';
import * as invitationLinks from './013-invitation-links.ts';
import * as undo from './014-undo.ts';
import * as disabledAccounts from './015-disabled-accounts.ts';
import * as storeOrder from './016-store-order.ts';
import * as oidcSignIn from './017-oidc-sign-in.ts';
import * as pushNotifications from './018-push-notifications.ts';
import * as accessTokens from './019-access-tokens.ts';
import * as oauthAppClients from './020-oauth-app-clients.ts';
import * as imports from './021-imports.ts';

/** Every migration, in order. Listed by hand so the bundle of migrations is explicit and static. */
export const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-items-memory-and-idempotency': itemsMemoryAndIdempotency,
  '003-realtime': realtime,
  '004-sessions-and-verification': sessionsAndVerification,
  '005-images': images,
  '006-ai-answers': aiAnswers,
  '007-account-linking': accountLinking,
  '008-list-last-change': listLastChange,
  '009-item-name-keys': itemNameKeys,
  '010-list-item-counts': listItemCounts,
  '011-name-keys-without-unseen-ends': nameKeysWithoutUnseenEnds,
  '012-name-keys-without-invisible-formatting': nameKeysWithoutInvisibleFormatting,
  '013-invitation-links': invitationLinks,
  '014-undo': undo,
  '015-disabled-accounts': disabledAccounts,
  '016-store-order': storeOrder,
  '017-oidc-sign-in': oidcSignIn,
  '018-push-notifications': pushNotifications,
  '019-access-tokens': accessTokens,
  '020-oauth-app-clients': oauthAppClients,
  '021-imports': imports,
};

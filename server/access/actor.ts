import type { UserView } from '../../common/schemas/auth.ts';

/**
 * Who is calling, however they proved it: a person signed in to the app (a session), or an app
 * acting for them (an OAuth client, with the scopes the person granted). Every service takes an
 * Actor; the permission matrix then decides per list (access.ts).
 */
export interface Actor {
  user: UserView;
  via: { kind: 'session'; sessionId: string } | { kind: 'oauth'; clientId: string; tokenId: string };
  scopes: ReadonlySet<Scope>;
}

/**
 * What credentials may do at most, whatever the list. A session has every scope; an OAuth client
 * (a voice assistant) only what it was granted. `account`: the caller's own account (profile,
 * password, sign-out, live-update tickets), never delegated.
 */
export const SCOPES = ['lists:read', 'items:write', 'lists:manage', 'account'] as const;
export type Scope = (typeof SCOPES)[number];

export const SESSION_SCOPES: ReadonlySet<Scope> = new Set(SCOPES);

/** The bearer token of a request -> the actor behind it, or undefined when this kind of token is not it. */
export type Authenticator = (token: string) => Promise<Actor | undefined>;

export function sessionActor(user: UserView, sessionId: string): Actor {
  return { user, via: { kind: 'session', sessionId }, scopes: SESSION_SCOPES };
}

export const sessionIdOf = (actor: Actor): string | undefined =>
  actor.via.kind === 'session' ? actor.via.sessionId : undefined;

import type { UserView } from '../../common/schemas/auth.ts';

/**
 * Who is calling, however they proved it: a person signed in to the app (a session), or an app
 * acting for them: an OAuth client, with the scopes the person granted, or whatever holds one of
 * their personal access tokens (`token`, named by the person), with the token's scopes. Every
 * service takes an Actor; the permission matrix then decides per list (access.ts).
 */
export interface Actor {
  user: UserView;
  via:
    | { kind: 'session'; sessionId: string }
    /** `resource`: the only kind of route its token works on (RFC 8707); none for account linking's apps, which use the API. */
    | { kind: 'oauth'; clientId: string; tokenId: string; clientName: string; resource?: Resource }
    | { kind: 'token'; tokenId: string; name: string };
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

/** An OAuth protected resource of its own, which a route names in `config.resource` (server/http/authenticate.ts). */
export type Resource = 'mcp';

/** The bearer token of a request -> the actor behind it, or undefined when this kind of token is not it. */
export type Authenticator = (token: string) => Promise<Actor | undefined>;

export function sessionActor(user: UserView, sessionId: string): Actor {
  return { user, via: { kind: 'session', sessionId }, scopes: SESSION_SCOPES };
}

export const sessionIdOf = (actor: Actor): string | undefined =>
  actor.via.kind === 'session' ? actor.via.sessionId : undefined;

/** The app acting for the person, by the name people know it by ("Claude"); none for the person themselves. */
export function appNameOf(actor: Actor): string | undefined {
  switch (actor.via.kind) {
    case 'session':
      return undefined;
    case 'oauth':
      return actor.via.clientName;
    case 'token':
      return actor.via.name;
  }
}

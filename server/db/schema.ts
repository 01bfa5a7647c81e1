import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * Table types for the whole data model. Columns are portable between SQLite and PostgreSQL:
 * booleans read back as 0/1 on SQLite, JSON as text on SQLite; `db/values.ts` normalises both,
 * and timestamps are ISO-8601 strings in UTC on both (see `open.ts`).
 */
type Bool = ColumnType<boolean | number, boolean, boolean>;
type Timestamp = ColumnType<string, string, string>;
type Json<T> = ColumnType<T | string, string, string>;
type NullableJson<T> = ColumnType<T | string | null, string | null, string | null>;

export interface UsersTable {
  id: string;
  /** Always lower-cased. */
  email: string;
  first_name: string | null;
  can_use_ai: Bool;
  /** When the owner proved the address (a link sent to it); null until then. */
  email_verified_at: Timestamp | null;
  /** When an administrator disabled the account (docs/decisions/051); null while it may sign in. */
  disabled_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CredentialsTable {
  user_id: string;
  password_hash: string;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  /** HMAC of the bearer token; the token itself is never stored. */
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export type Visibility = 'private' | 'public';
export type SharePermission = 'view' | 'edit' | 'admin';
export type ShareStatus = 'pending' | 'accepted';

export interface ListsTable {
  id: string;
  name: string;
  owner_id: string;
  visibility: Visibility;
  public_editable: Bool;
  allow_link_sharing: Bool;
  custom_prompts: Json<string[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The seq of the list's latest recorded change (server/realtime/change-feed.ts). */
  change_seq: Generated<number>;
  /** Who changed the list last, what (common/list-activity.ts) and when; null before any change. */
  last_change_by: Generated<string | null>;
  last_change_summary: Generated<string | null>;
  last_change_at: Generated<string | null>;
  /** The app that made the last change for its person (a token's or an OAuth client's name); null for the person themselves. */
  last_change_app: Generated<string | null>;
  /** How many items the list has, and how many are done: kept by triggers (migration 010). */
  item_count: Generated<number>;
  done_count: Generated<number>;
}

/** A link that proves an e-mail address; only its HMAC is stored. */
export interface EmailVerificationsTable {
  token_hash: string;
  user_id: string;
  email: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** A link that accepts the pending invitation (list_id, email) once (decision 047). */
export interface InvitationLinksTable {
  id: string;
  token_hash: string;
  list_id: string;
  email: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface ListSharesTable {
  list_id: string;
  /** Null while an invitation to an address without an account is pending. */
  user_id: string | null;
  email: string;
  permission: SharePermission;
  status: ShareStatus;
  shared_by: string;
  created_at: Timestamp;
}

export interface ItemsTable {
  id: string;
  list_id: string;
  content: string;
  /** `itemNameKey(content)`, for the duplicate rule; items.queries.ts derives it on every write. */
  name_key: string;
  is_completed: Bool;
  position: number;
  properties: Json<Record<string, unknown>>;
  /** `{primary: {...}}` once an image is attached; null without one. */
  images: NullableJson<Record<string, unknown>>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Property memory: the properties a user last set on an item of this normalised name. */
export interface ItemPropertiesTable {
  user_id: string;
  /** `itemNameKey(content)` from common/item-input.ts. */
  name_key: string;
  properties: Json<Record<string, unknown>>;
  updated_at: Timestamp;
}

/** Answers of mutating calls by Idempotency-Key, kept 24 hours (server/http/idempotency.ts). */
export interface IdempotencyKeysTable {
  /** The caller's user id, or '' for a caller who is not signed in. */
  scope: string;
  key: string;
  /** Hash of method, path and body: the same key with another request is refused. */
  fingerprint: string;
  /** Null while the first request is still running. */
  status: number | null;
  content_type: string | null;
  body: string | null;
  created_at: Timestamp;
}

/** One recorded change of a list, kept 24 hours so a reconnecting client can resume from its seq. */
export interface ListChangesTable {
  list_id: string;
  seq: number;
  entity: 'list' | 'item' | 'share';
  op: 'added' | 'modified' | 'removed';
  /** Item id, share e-mail address, or the list id. */
  entity_id: string;
  created_at: Timestamp;
}

/** Single-use tickets that open a live-subscription socket; only their HMAC is stored. */
export interface RealtimeTicketsTable {
  ticket_hash: string;
  user_id: string;
  /** The session that asked for it: the ticket, and the socket it opens, end with that session. */
  session_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** A single-use authorization code of account linking (server/oauth); only its HMAC is stored. */
export interface OAuthCodesTable {
  code_hash: string;
  client_id: string;
  user_id: string;
  /** The redirect URI the code was issued for: the token request must name the same one. */
  redirect_uri: string;
  /** Space-separated scopes granted. */
  scope: string;
  /** PKCE (RFC 7636): the token request must bring the verifier of this challenge. */
  code_challenge: string;
  code_challenge_method: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  /** The resource (RFC 8707) the grant will be bound to; null for account linking's clients. */
  resource: string | null;
  /** What the app called itself when the user allowed it (null for configured clients). */
  client_name: string | null;
}

/** One account linked to one app: the refresh token's HMAC and what it may do. */
export interface OAuthGrantsTable {
  id: string;
  client_id: string;
  user_id: string;
  /** Space-separated scopes granted. */
  scope: string;
  refresh_token_hash: string;
  refresh_expires_at: Timestamp;
  /** The code the grant was made from: a replay of that code revokes the grant (RFC 6749 4.1.2). */
  code_hash: string;
  created_at: Timestamp;
  /** The only resource its tokens work on (RFC 8707), e.g. `mcp`; null: the API (account linking). */
  resource: string | null;
  /** What the app called itself when the user allowed it; null for configured clients, named by configuration. */
  client_name: string | null;
  /** When one of its tokens was last used (to the minute) or refreshed. */
  last_used_at: Timestamp | null;
}

/** A client that registered itself (RFC 7591); unused ones expire. */
export interface OAuthClientsTable {
  id: string;
  name: string;
  /** JSON array of the exact redirect URIs. */
  redirect_uris: string;
  created_at: Timestamp;
}

/** A refresh token a grant has rotated away: presented again, it revokes the grant. */
export interface OAuthSpentRefreshTokensTable {
  token_hash: string;
  grant_id: string;
}

/** An access token of a grant; only its HMAC is stored. */
export interface OAuthAccessTokensTable {
  id: string;
  token_hash: string;
  grant_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** A personal access token (server/access-tokens/): only its HMAC; `scopes` space-separated. */
export interface AccessTokensTable {
  id: string;
  user_id: string;
  name: string;
  token_hash: string;
  scopes: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  last_used_at: Timestamp | null;
}

/** Answers of cloud AI models by question and item name (server/ai/ai.queries.ts). */
export interface AiAnswersTable {
  model: string;
  question: string;
  language: string;
  name_key: string;
  /** `{value: <the answer>}`. */
  answer: Json<{ value: unknown }>;
  created_at: Timestamp;
}

/** A photo on an item and its stored files (server/images/); `item_id` null: its files are to be deleted. */
export interface ImagesTable {
  id: string;
  item_id: string | null;
  owner_id: string | null;
  /** The stored original's type (server/images/image-files.ts). */
  original_type: 'image/jpeg' | 'image/png' | 'image/webp';
  /** All its files together, counted against the uploader's quota. */
  bytes: number;
  width: number;
  height: number;
  created_at: Timestamp;
  /** Null while its files are being written. */
  attached_at: Timestamp | null;
}

/** A device's push subscription (server/push/): it lives as long as the session that made it. */
export interface PushSubscriptionsTable {
  endpoint: string;
  user_id: string;
  session_id: string;
  p256dh: string;
  auth: string;
  created_at: Timestamp;
}

/** A list a user hears nothing about. */
export interface PushMutesTable {
  user_id: string;
  list_id: string;
}

/** An item change waiting for its list's gathering window. */
export interface PushEventsTable {
  id: string;
  list_id: string;
  actor_id: string;
  kind: 'added' | 'checked';
  name: string;
  created_at: Timestamp;
}

/** The claim of one window's message, keyed by its first event: one process sends it. */
export interface PushBatchesTable {
  first_event_id: string;
  created_at: Timestamp;
}

/** A member's last "going shopping" ping on a list. */
export interface PushPingsTable {
  list_id: string;
  user_id: string;
  sent_at: Timestamp;
}

/** An account's link to an identity provider's subject (server/oidc). */
export interface UserIdentitiesTable {
  provider: string;
  subject: string;
  user_id: string;
  /** The address the provider gave at the last sign-in. */
  email: string | null;
  /** In the provider's admin group at the last sign-in. */
  is_admin: Bool;
  created_at: Timestamp;
  last_login_at: Timestamp;
}

/** A sign-in or link on its way through a provider; only HMACs of its state and browser cookie are kept. */
export interface OidcLoginsTable {
  state_hash: string;
  browser_hash: string;
  provider: string;
  intent: 'login' | 'link';
  user_id: string | null;
  code_verifier: string;
  nonce: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  /** JSON of what the callback found (server/oidc/oidc.service.ts); null until then. */
  result: string | null;
}

/** The ID token of a session a provider opened, for ending the provider's session too. */
export interface OidcSessionsTable {
  session_id: string;
  provider: string;
  id_token: string;
}

/** The learned store order (migration 016): one row per check-off of a trip under way. */
export interface StoreCheckoffsTable {
  id: string;
  list_id: string;
  user_id: string;
  /** The store the trip is in; '' for the list's own order. */
  store: string;
  name_key: string;
  /** Lower-cased (common/store-order.ts `departmentKey`). */
  department: string | null;
  checked_at: Timestamp;
}

export interface StoreOrderItemsTable {
  list_id: string;
  store: string;
  name_key: string;
  department: string | null;
  /** The name's position in the walk, less its department's (server/store-order/store-order.learning.ts). */
  offset_in_department: number;
  seen: number;
}

export interface StoreOrderDepartmentsTable {
  list_id: string;
  store: string;
  department: string;
  position: number;
  seen: number;
}

export interface StoreOrdersTable {
  list_id: string;
  store: string;
  trips: number;
  learned_at: Timestamp;
}

/** What an undoable change took away, under the client's undo id (server/undo/, decision 049). */
export interface UndoRecordsTable {
  id: string;
  list_id: string;
  user_id: string;
  /** The items' rows as the change found them. */
  items: Json<ItemRow[]>;
  created_at: Timestamp;
  undone_at: Timestamp | null;
}

/** The images an undo record's items had: the sweep keeps their files while the record lives. */
export interface UndoImagesTable {
  undo_id: string;
  image_id: string;
}

/** A file an account imported, by the SHA-256 of its bytes (migration 021). */
export interface ImportsTable {
  user_id: string;
  digest: string;
  file_name: string;
  created_at: Timestamp;
}

export interface DB {
  users: UsersTable;
  credentials: CredentialsTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  email_verifications: EmailVerificationsTable;
  lists: ListsTable;
  list_shares: ListSharesTable;
  invitation_links: InvitationLinksTable;
  items: ItemsTable;
  item_properties: ItemPropertiesTable;
  idempotency_keys: IdempotencyKeysTable;
  list_changes: ListChangesTable;
  realtime_tickets: RealtimeTicketsTable;
  oauth_codes: OAuthCodesTable;
  oauth_grants: OAuthGrantsTable;
  oauth_access_tokens: OAuthAccessTokensTable;
  access_tokens: AccessTokensTable;
  oauth_clients: OAuthClientsTable;
  oauth_spent_refresh_tokens: OAuthSpentRefreshTokensTable;
  ai_answers: AiAnswersTable;
  images: ImagesTable;
  push_subscriptions: PushSubscriptionsTable;
  push_mutes: PushMutesTable;
  push_events: PushEventsTable;
  push_batches: PushBatchesTable;
  push_pings: PushPingsTable;
  user_identities: UserIdentitiesTable;
  oidc_logins: OidcLoginsTable;
  oidc_sessions: OidcSessionsTable;
  store_checkoffs: StoreCheckoffsTable;
  store_order_items: StoreOrderItemsTable;
  store_order_departments: StoreOrderDepartmentsTable;
  store_orders: StoreOrdersTable;
  undo_records: UndoRecordsTable;
  undo_images: UndoImagesTable;
  imports: ImportsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
/** `change_seq` is bookkeeping of the live feed, read only by server/realtime, not part of a list. */
export type ListRow = Omit<Selectable<ListsTable>, 'change_seq'>;
export type ItemRow = Selectable<ItemsTable>;
export type ListShareRow = Selectable<ListSharesTable>;
export type InvitationLinkRow = Selectable<InvitationLinksTable>;
export type ListChangeRow = Selectable<ListChangesTable>;
export type ImageRow = Selectable<ImagesTable>;

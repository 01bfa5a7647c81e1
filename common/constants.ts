/**
 * Business constants, defined once and used by the server and the web app alike.
 */

/** Shown in Account Settings and answered by GET /health. */
export const APP_VERSION = '20250904115557';

export const API_BASE_PATH = '/api/v1';

export const PASSWORD_MIN_LENGTH = 6;
/** Generous upper bound: scrypt cost grows with input and nobody types more. */
export const PASSWORD_MAX_LENGTH = 200;
export const EMAIL_MAX_LENGTH = 254;
export const FIRST_NAME_MAX_LENGTH = 100;

export const HISTORY_MAX = 50;
export const SUGGESTIONS_MAX = 7;

export const SWIPE_DELETE_THRESHOLD_PX = 80;
export const SWIPE_DELETE_DELAY_MS = 300;
export const SWIPE_MAX_DRAG_FACTOR = 1.5;

export const NOTIFICATION_MS = 5000;
export const AI_BANNER_MS = 5000;
export const SETTINGS_SUCCESS_MS = 3000;
export const COPIED_LINK_MS = 2000;
export const PHOTO_DIALOG_CLOSE_MS = 500;

export const TEMP_ID_PREFIX = 'temp-';

/** Keys under which the web app keeps its state in localStorage. */
export const STORAGE_KEYS = {
  token: 'listo_token',
  user: 'listo_user',
  selectedList: 'listo_selected_list',
  cache: 'listo_cache',
  theme: 'listo_theme',
} as const;

/** Keys in the tab's sessionStorage: what one tab keeps for itself and forgets when it closes. */
export const SESSION_STORAGE_KEYS = {
  /** The address typed on the account-linking page, for its return with an error. */
  linkEmail: 'listo_link_email',
} as const;

/** An item's text, as typed (before the parser splits it). Long enough for a recipe line. */
export const ITEM_CONTENT_MAX_LENGTH = 500;
/** Entries per POST /items/batch: more than anyone pastes at once, small enough for one transaction. */
export const ITEM_BATCH_MAX = 200;
/** Items on one list: keeps a list's snapshot and a reorder request bounded. */
export const LIST_ITEMS_MAX = 5000;
/** Lists one account owns: keeps the dashboard's answer and its live snapshot bounded (about 300 KB). */
export const LISTS_OWNED_MAX = 500;
/** Members and pending invitations of one list: a household or a team, and a bounded share list. */
export const LIST_SHARES_MAX = 100;
/**
 * Lists shared with one account: an address can be added to lists without asking it (an invitation
 * to a proven address is accepted at once), so this, with LISTS_OWNED_MAX, keeps its dashboard
 * bounded however many people invite it.
 */
export const LISTS_JOINED_MAX = 500;
/**
 * Items per answer of GET /lists/{id}/items (and per live snapshot message): about 250 KB, so a
 * client that never reads its answer pins little memory, whatever the size of the list.
 */
export const ITEMS_PAGE_MAX = 500;
/** An item's properties as JSON: room for translations and AI tags, not for files. */
export const ITEM_PROPERTIES_MAX_BYTES = 10_000;

/** The header that makes a mutating call safe to retry (docs/api.md, "Safe retries (`Idempotency-Key`)"). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Set on an answer that repeats the stored answer of an earlier request with the same key. */
export const IDEMPOTENCY_REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;
/** The error code of a 409 to a repeat whose first request is still running: try again in a moment. */
export const REQUEST_IN_PROGRESS = 'request_in_progress';
/** The error code of a join refused until the caller proves the address an invitation of the list names. */
export const EMAIL_UNCONFIRMED = 'email_unconfirmed';
/** A key is remembered this long; an offline queue must replay within it. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** A password-reset link works once, for this long. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
/** A link that proves an e-mail address works once, for this long (a week: mail gets read late). */
export const EMAIL_VERIFICATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** The web app's page that a verification link opens; it posts the token to /auth/verify-email. */
export const VERIFY_EMAIL_PATH = '/verify-email';
export const RESET_PASSWORD_PATH = '/reset-password';

/** Long enough for any real list name, short enough to fit a dashboard card and a mail subject. */
export const LIST_NAME_MAX_LENGTH = 200;
/** Custom prompts run one AI call each over every item, so a list keeps only a handful. */
export const CUSTOM_PROMPTS_MAX = 20;
export const CUSTOM_PROMPT_MAX_LENGTH = 1000;
/** Share link form: `{origin}/join/{listId}`. */
export const JOIN_PATH_PREFIX = '/join/';
/**
 * An invitation link (for a server that cannot send mail, decision 047) works once, for this long:
 * long enough to pass on by hand and be opened a few days later, short enough that a link lying
 * forgotten in a chat does not admit someone months on.
 */
export const INVITATION_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * An ended invitation link (expired, used or revoked) is kept this long past its end, so that
 * opening it says which and what to do; after that its row is purged and the link is unknown.
 */
export const INVITATION_LINK_KEPT_MS = 30 * 24 * 60 * 60 * 1000;
/** The web app's page an invitation link opens: `{origin}/invitation#{token}` (the token stays out of server logs). */
export const INVITATION_LINK_PATH = '/invitation';
/** Why an invitation link no longer admits anyone (`POST /invitation-links/accept`, `410`). */
export const INVITATION_LINK_ENDED = ['expired', 'used', 'revoked'] as const;

/** The AI provider a user picked for a list is remembered in localStorage under this prefix + list id. */
export const AI_PROVIDER_STORAGE_PREFIX = 'listo_ai_provider_';
/** AI providers of List Settings: the value sent to the server, and the label shown. */
export const AI_PROVIDERS = [
  { value: 'gemini-1.5-flash', label: 'Standard' },
  { value: 'gemini-2.5-flash', label: 'Expensive' },
] as const;
/** Speech recognition language (single shot, no interim results). */
export const SPEECH_LANGUAGE = 'en-US';
/** How long the web app waits after the last change before writing its cache to localStorage. */
export const CACHE_SAVE_DELAY_MS = 200;
/**
 * The web app keeps the items of the lists used most recently in its cache for offline use, read
 * in the background, not only of the lists opened on the device (web/features/items/prefill.ts): this
 * many lists at most, each with at most one page of items (a bigger list is kept once opened)...
 */
export const PREFILL_LISTS_MAX = 20;
export const PREFILL_LIST_ITEMS_MAX = ITEMS_PAGE_MAX;
/**
 * ...and no more than this of items in the cache, as JSON characters, the opened lists' included:
 * with the rest, the cache stays within localStorage (LOCAL_CACHE_MAX_CHARS, 1,000,000), which the
 * app reads at once on start, and each write of it stays short (about 2,000 items).
 */
export const PREFILL_CACHE_CHARS_MAX = 600_000;

/**
 * How deep objects and arrays may nest in a JSON request body. Real payloads nest 4 levels at most
 * (`{properties: {tags: [...]}}`), so 32 leaves room for any property map a client keeps, while
 * bounding every recursive walk of a body (validation, the idempotency fingerprint,
 * JSON.stringify) far below the stack: 1 MiB of `[` would be a million levels.
 */
export const JSON_MAX_DEPTH = 32;
/**
 * The longest path parameter the router takes (after percent-decoding). Ids are UUIDs; the longest
 * parameter is the e-mail address of a pending invitation (`DELETE /lists/{id}/shares/{email}`).
 */
export const PATH_PARAM_MAX_LENGTH = EMAIL_MAX_LENGTH;

/** A store's name, as the user names the shop a trip is in (docs/api.md, "Store order"). */
export const STORE_NAME_MAX_LENGTH = 60;

import type { z } from 'zod';
import { API_BASE_PATH, IDEMPOTENCY_HEADER, REQUEST_IN_PROGRESS } from '../../../common/constants.ts';
import { HttpError } from '../../../common/http-error.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { newTimeOrderedId } from '../../../common/ids.ts';
import type { ApiErrorBody } from '../../../common/schemas/api.ts';
import type { AuthResponse } from '../../../common/schemas/auth.ts';
import { createHandoff } from './handoff.ts';
import { noteServerDate } from './server-clock.ts';
import { session } from '../store/session.ts';
import { fetchWithUploadProgress } from './upload-progress.ts';

/** The code of an error answer without the API's error body (a proxy's 502 page): its message is the HTTP status text. */
const UNEXPLAINED = 'http_error';
/** The code of a success answer that is not in the shape the API documents (checkedApi). */
export const MALFORMED_ANSWER = 'malformed_answer';

/** An error answer of the API, with the server's message when it sent one. */
export class ApiError extends HttpError {
  /** Whether the message is the API's own, written for the user, rather than a status text ("Bad Gateway"). */
  get explained(): boolean {
    return this.code !== UNEXPLAINED;
  }

  /** Whether the server refused for the list's sake: it is gone, or the caller lost access to it. */
  get listOutOfReach(): boolean {
    return this.status === 404 && this.message === MESSAGES.listNotFound;
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** A file sent as it is (`application/octet-stream`) instead of a JSON body: an import. */
  file?: Blob;
  /** Send no bearer token (sign-in calls). */
  anonymous?: boolean;
  /** One key per user action, sent again when the action is replayed (docs/api.md, "Safe retries"). */
  idempotencyKey?: string;
  /** Sends with XMLHttpRequest, which reports how much of the body has gone (fetch cannot). */
  onUploadProgress?: (fraction: number) => void;
  /** Ends the call when the user no longer waits for it (a dialog closed). */
  signal?: AbortSignal;
}

/** A mutating call as data, so an offline queue can keep it and replay it later. */
export interface ChangeRequest {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
}

/** Sends a change with its action's Idempotency-Key. */
export function sendRequest<T>(request: ChangeRequest, idempotencyKey: string): Promise<T> {
  return api<T>(request.path, { method: request.method, body: request.body, idempotencyKey });
}

/** A fresh Idempotency-Key: one per user action. */
export function newIdempotencyKey(): string {
  return newTimeOrderedId();
}

/** True when the call never reached the server (offline, DNS, connection refused): worth a replay. */
export function isNetworkError(error: unknown): boolean {
  return !(error instanceof ApiError) && error instanceof TypeError;
}

/**
 * Whether the same call may succeed when made again a little later: no answer came, the server
 * failed (a 5xx, but 501: it cannot do this at all), or it said "later" (408, 429, and 409
 * `request_in_progress`: the first try with the key still runs). For a call that is not queued
 * (AI, photos), what decides whether the user is offered to try again.
 */
export function mayPassLater(error: unknown): boolean {
  if (isNetworkError(error)) return true;
  if (!(error instanceof ApiError)) return false;
  return (error.status >= 500 && error.status !== 501) || error.status === 408 || error.status === 429 || error.code === REQUEST_IN_PROGRESS;
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.file !== undefined) headers['content-type'] = 'application/octet-stream';
  if (token && !options.anonymous) headers.authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers[IDEMPOTENCY_HEADER] = options.idempotencyKey;
  const url = `${API_BASE_PATH}${path}`;
  const init = {
    method: options.method ?? 'GET',
    headers,
    body: options.file ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    signal: options.signal,
  };
  const sentAt = Date.now();
  const response = await (options.onUploadProgress ? fetchWithUploadProgress(url, init, options.onUploadProgress) : fetch(url, init));
  noteServerDate(response.headers.get('date'), sentAt, Date.now());
  return response;
}

async function toError(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => undefined)) as ApiErrorBody | undefined;
  const error = body?.error;
  return error?.message ? new ApiError(response.status, error.code, error.message) : new ApiError(response.status, UNEXPLAINED, response.statusText);
}

let refreshing: Promise<boolean> | undefined;

/**
 * Trades the stored token for a fresh one; concurrent callers share one refresh. Resolves false
 * when the server refuses the token (the session has ended); a refresh that cannot be made (no
 * network, the server failing or busy) is thrown as its error, and ends nothing.
 */
function refreshToken(token: string): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const response = await send('/auth/refresh', { method: 'POST' }, token);
      if (response.status === 401 || response.status === 403) return false;
      if (!response.ok) throw await toError(response);
      session.signIn((await response.json()) as AuthResponse);
      return true;
    } finally {
      refreshing = undefined;
    }
  })();
  return refreshing;
}

/**
 * Calls the API with the stored bearer token. On 401 it refreshes the token once and retries; when
 * the server refuses the refresh too, the session has ended (`session.end()`). A 403 is a refusal
 * for a valid session, thrown as it is (decision 007: refreshing on 403 too would rotate the
 * session on every refusal).
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const early = takeEarlyRead(path, options);
  if (early) return early as Promise<T>;
  const response = await apiResponse(path, options);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/** `api`'s call, answering the successful response itself (a file to download). */
export async function apiResponse(path: string, options: RequestOptions = {}): Promise<Response> {
  const { token, user } = session.get();
  let response = await send(path, options, token);
  if (response.status === 401 && token && !options.anonymous) {
    if (await renewToken(token, user?.id)) {
      response = await send(path, options, session.get().token);
    } else if (session.get().token === token) {
      session.end();
    }
  }
  if (!response.ok) throw await toError(response);
  return response;
}

/**
 * Whether the request refused with `sent` may be retried with the session's token now. A refresh
 * retires the old token, so a request that was in flight meanwhile comes back 401 with it: that one
 * must retry with the new token, not refresh the retired one (which fails) and end the session.
 * The refresh may also have been another tab's, which stored its token; a retry happens only for
 * the user the request was sent for (`userId`), never on behalf of another account signed in
 * meanwhile, in this tab or another.
 */
async function renewToken(sent: string, userId: string | undefined): Promise<boolean> {
  if (session.get().token === sent && !(await refreshToken(sent))) session.syncWithStorage();
  const { token, user } = session.get();
  return token !== null && token !== sent && user?.id === userId;
}

/**
 * `api`, with the answer checked against its schema from common/schemas before anyone uses it. An
 * answer of another shape (a proxy's page, another version of the server) is an ApiError the
 * screens show as any failed call: 502, `malformed_answer`, a message with a retry (mayPassLater).
 */
export async function checkedApi<S extends z.ZodType>(schema: S, path: string, options: RequestOptions = {}): Promise<z.output<S>> {
  const parsed = schema.safeParse(await api<unknown>(path, options));
  if (!parsed.success) throw new ApiError(502, MALFORMED_ANSWER, MESSAGES.malformedAnswer);
  return parsed.data;
}

/** `?cursor=…` for a page after the first. */
export const cursorQuery = (cursor: string | null) => (cursor === null ? '' : `?cursor=${encodeURIComponent(cursor)}`);

/** Reads every page of a paged answer (`next`: the cursor of the following page, null after the last). */
export async function fetchAllPages<Page extends { next: string | null }>(read: (cursor: string | null) => Promise<Page>): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const page: Page = await read(cursor);
    pages.push(page);
    cursor = page.next;
  } while (cursor !== null);
  return pages;
}

/** How long a read started early waits for the screen that asks for it; after that it is stale. */
const EARLY_READ_MS = 10_000;

const earlyReads = createHandoff<string, unknown>(EARLY_READ_MS);

/**
 * Starts a GET now, before the code of the screen that needs it has loaded (main.tsx, on a
 * signed-in start): the first plain `api(path)` call of the same session within EARLY_READ_MS
 * takes its answer, or its failure, instead of asking again. On a slow network the first screen's
 * data then arrives while its chunks do, not after them.
 */
export function readEarly(path: string): void {
  if (!earlyReads.has(path)) void earlyReads.start(path, () => api(path));
}

function takeEarlyRead(path: string, options: RequestOptions): Promise<unknown> | undefined {
  return Object.keys(options).length > 0 ? undefined : earlyReads.take(path);
}

import { vi } from 'vitest';

/** A JSON answer as the API sends it. */
export function answer(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export const failure = (status: number, message: string) => answer(status, { error: { code: 'x', message } });

/**
 * The reads of the sign-in page and Account Settings about identity providers, answered as a server
 * without any: tests of other things neither see nor answer them (web/screens/login/ tests do).
 */
const NO_PROVIDERS: Record<string, () => Response> = {
  '/api/v1/auth/methods': () => answer(200, { password: true, providers: [] }),
  '/api/v1/auth/identities': () => answer(200, { has_password: true, identities: [], providers: [] }),
};

/** Stubs fetch with `fetchMock`, except for the identity providers' reads (NO_PROVIDERS). */
export function stubFetch(fetchMock: typeof fetch): void {
  vi.stubGlobal('fetch', (url: RequestInfo | URL, init?: RequestInit) => NO_PROVIDERS[String(url)]?.() ?? fetchMock(url, init));
}

/** Replaces fetch for one test; answers in call order. */
export function mockFetch() {
  const fetchMock = vi.fn<typeof fetch>();
  stubFetch(fetchMock);
  return fetchMock;
}

/** The headers and parsed body of the nth fetch call. */
export function callOf(fetchMock: ReturnType<typeof mockFetch>, index: number) {
  const [url, init] = fetchMock.mock.calls[index] ?? [];
  const headers = (init?.headers ?? {}) as Record<string, string>;
  return { url, method: init?.method, headers, body: init?.body ? JSON.parse(String(init.body)) : undefined };
}

export function item(id: string, content: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    list_id: 'l1',
    content,
    is_completed: false,
    position: 0,
    properties: {},
    images: null,
    created_by: 'u1',
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...extra,
  };
}

/**
 * Answers the reads of the learned store order (List Settings makes one when it opens) with
 * nothing learned, and passes every other call to `fetchMock`, whose call order stays the test's.
 */
export function answerStoreOrderReads(fetchMock: ReturnType<typeof mockFetch>): void {
  const empty = { store: '', trips: 0, items: {}, departments: {}, stores: [] };
  vi.stubGlobal('fetch', (url: RequestInfo | URL, init?: RequestInit) => (String(url).includes('/store-order') ? Promise.resolve(answer(200, empty)) : fetchMock(url, init)));
}

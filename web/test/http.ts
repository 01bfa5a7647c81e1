import { vi } from 'vitest';

/** A JSON answer as the API sends it. */
export function answer(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export const failure = (status: number, message: string) => answer(status, { error: { code: 'x', message } });

/** Replaces fetch for one test; answers in call order. */
export function mockFetch() {
  const fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
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

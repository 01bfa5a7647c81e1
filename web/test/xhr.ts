import { vi } from 'vitest';

/**
 * Replaces XMLHttpRequest (uploads with progress, web/core/net/upload-progress.ts) for one test with one
 * that sends through fetch, so `mockFetch` answers uploads like every other call and `callOf` reads
 * them. It reports half the body gone at once and all of it when the answer comes; `abort()`
 * drops the answer, as a browser does.
 */
export function sendXhrThroughFetch(): void {
  vi.stubGlobal(
    'XMLHttpRequest',
    class {
      upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      ontimeout: (() => void) | null = null;
      onabort: (() => void) | null = null;
      onloadend: (() => void) | null = null;
      status = 0;
      statusText = '';
      responseText = '';
      private method = 'GET';
      private url = '';
      private headers: Record<string, string> = {};
      private answer: Response | undefined;
      private aborted = false;

      open(method: string, url: string) {
        this.method = method;
        this.url = url;
      }

      setRequestHeader(name: string, value: string) {
        this.headers[name] = value;
      }

      getResponseHeader(name: string) {
        return this.answer?.headers.get(name) ?? null;
      }

      send(body: string | null) {
        const total = body?.length ?? 0;
        this.upload.onprogress?.({ lengthComputable: true, loaded: total / 2, total });
        fetch(this.url, { method: this.method, headers: this.headers, body: body ?? undefined }).then(
          async (response) => {
            if (this.aborted) return;
            this.upload.onprogress?.({ lengthComputable: true, loaded: total, total });
            this.answer = response;
            this.status = response.status;
            this.statusText = response.statusText;
            this.responseText = await response.text();
            this.onload?.();
            this.onloadend?.();
          },
          () => {
            if (this.aborted) return;
            this.onerror?.();
            this.onloadend?.();
          },
        );
      }

      abort() {
        this.aborted = true;
        this.onabort?.();
        this.onloadend?.();
      }
    },
  );
}

import { IMAGE_TEXT } from '../../../common/image-uploads.ts';

/** Answers that may not carry a body (the Response constructor refuses one). */
const NO_BODY = new Set([204, 205, 304]);

export interface UploadInit {
  method: string;
  headers: Record<string, string>;
  body: string | Blob | undefined;
  signal?: AbortSignal;
}

/**
 * `fetch(url, init)`, but reporting how much of the body has gone (0 to 1): fetch cannot tell, and
 * a photo on a phone's uplink takes seconds. Like fetch, it answers any HTTP status, rejects with
 * a TypeError only when no answer came (so `isNetworkError` reads it the same way), and with the
 * signal's reason when the signal ends the call.
 */
export function fetchWithUploadProgress(url: string, init: UploadInit, onProgress: (fraction: number) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const { signal } = init;
    if (signal?.aborted) return reject(signal.reason);
    const xhr = new XMLHttpRequest();
    const cancel = () => xhr.abort();
    signal?.addEventListener('abort', cancel, { once: true });
    xhr.open(init.method, url);
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onloadend = () => signal?.removeEventListener('abort', cancel);
    xhr.onload = () => {
      const headers = new Headers();
      const type = xhr.getResponseHeader('content-type');
      if (type) headers.set('content-type', type);
      resolve(new Response(NO_BODY.has(xhr.status) ? null : xhr.responseText, { status: xhr.status, statusText: xhr.statusText, headers }));
    };
    xhr.onerror = xhr.ontimeout = xhr.onabort = () => reject(signal?.aborted ? signal.reason : new TypeError(IMAGE_TEXT.uploadUnreachable));
    xhr.send(init.body ?? null);
  });
}

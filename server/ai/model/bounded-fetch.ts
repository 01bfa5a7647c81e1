/** The error a model's answer meets when it grows past its bound; the adapters answer it as `ai_failed`. */
export class AnswerTooLargeError extends Error {
  constructor(maxBytes: number) {
    super(`The AI model's answer was larger than ${maxBytes} bytes`);
  }
}

/**
 * `fetch` for the model SDKs, whose answers stop at `maxBytes`. The SDKs read an answer whole into
 * memory before parsing it, so a model server (or whatever answers at its URL) sending hundreds of
 * MB would otherwise hold that much, and a string beyond V8's limit, for every request at once.
 * The answer is counted as it arrives and its connection cut at the bound.
 */
export function boundedFetch(maxBytes: number, inner: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    if (response.body === null) return response;
    if (Number(response.headers.get('content-length')) > maxBytes) {
      await response.body.cancel();
      throw new AnswerTooLargeError(maxBytes);
    }
    let received = 0;
    const counted = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          received += chunk.byteLength;
          if (received > maxBytes) controller.error(new AnswerTooLargeError(maxBytes));
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

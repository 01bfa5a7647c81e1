import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../access/actor.ts';

/** An open stream of /mcp (a GET's event stream): the token it was opened with, and how to end it. */
interface OpenStream {
  token: string;
  end(): void;
}

/**
 * The open MCP streams of this process. A stream lives as long as the credentials it was opened
 * with: when some of its user's credentials end on any process (a revoked token, a sign-out: the
 * change feed says so), each of that user's streams asks whether its token still works and ends if
 * not; every `checkMs` all of them ask, for tokens that simply expired.
 */
export function createMcpStreams(deps: {
  authenticate: (token: string) => Promise<Actor | undefined>;
  credentialsEnded: (listener: (userId: string) => void) => () => void;
  checkMs: number;
  log: FastifyBaseLogger;
}) {
  const byUser = new Map<string, Set<OpenStream>>();

  function check(streams: Iterable<OpenStream>): void {
    for (const stream of streams) {
      deps.authenticate(stream.token).then(
        (actor) => actor === undefined && stream.end(),
        (error: unknown) => deps.log.warn({ err: error }, 'could not check the token of an MCP stream'),
      );
    }
  }

  const stopListening = deps.credentialsEnded((userId) => check(byUser.get(userId) ?? []));
  const timer = setInterval(() => {
    for (const streams of byUser.values()) check(streams);
  }, deps.checkMs);
  timer.unref();

  return {
    /** Counts a stream in until `forget` is called (when it closes, however). */
    open(userId: string, stream: OpenStream): { forget(): void } {
      const streams = byUser.get(userId) ?? new Set<OpenStream>();
      byUser.set(userId, streams.add(stream));
      return {
        forget() {
          if (streams.delete(stream) && streams.size === 0) byUser.delete(userId);
        },
      };
    },

    /** Shutdown: every stream ends, so the HTTP server can close. */
    close(): void {
      stopListening();
      clearInterval(timer);
      for (const streams of byUser.values()) for (const stream of streams) stream.end();
    },
  };
}

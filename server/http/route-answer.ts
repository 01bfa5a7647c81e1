import type { RouteHandlerMethod } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's answer, made from what its handler returns: the value of its one write, as the
     * service answered it from inside that write. `registerIdempotency` sends it; and on a
     * `with-the-write` route the Idempotency-Key's answer is stored in that write's transaction,
     * with the change and the claim (server/http/idempotency.ts), serialised as Fastify sends it
     * (by the route's response schema, if it has one).
     */
    answer?: AnswerOf;
  }
}

/** A status and a JSON body, or no body at all. */
export interface RouteAnswer {
  status: number;
  body?: unknown;
}

/** Makes a route's answer from its handler's value (`never`: a mapping of any one value fits). */
export type AnswerOf = (value: never) => RouteAnswer;

/** What Fastify sends a JSON body with, and what Listo's own JSON answers (the error envelope) carry. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export const ok = (body: unknown): RouteAnswer => ({ status: 200, body });

export const noContent = (): RouteAnswer => ({ status: 204 });

/** An add: 201 when it changed something, 200 when there was nothing to do. */
export const createdIfChanged = ({ body, created }: { body: unknown; created: boolean }): RouteAnswer => ({
  status: created ? 201 : 200,
  body,
});

/**
 * What the handler of a route with an `answer` returns: the value its answer makes the body of,
 * which is not the body itself, so it is not typed as one (the body is checked against the route's
 * response schema when it is sent).
 */
export const forTheAnswer = <T>(value: T): never => value as never;

/** The handler of a route with an `answer`: sends the answer made from the value it returns. */
export function sendingAnswerOf(handler: RouteHandlerMethod, answerOf: AnswerOf): RouteHandlerMethod {
  return async function (request, reply) {
    const { status, body } = answerOf((await handler.call(this, request, reply)) as never);
    return reply.status(status).send(body);
  };
}

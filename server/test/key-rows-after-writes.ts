import type { RouteOptions } from 'fastify';
import { IDEMPOTENCY_HEADER } from '../../common/constants.ts';
import type { TestApp } from './test-app.ts';

/**
 * For the test app's `onRoute`: the Idempotency-Key's row as each keyed write's handler left it,
 * that is, once its write had committed and before the reply. What a retry would find if the
 * process died right then (decision 020). `rows` holds them in the order the requests finished.
 */
export function keyRowsAfterWrites(app: () => TestApp): { onRoute: (route: RouteOptions) => void; rows: unknown[] } {
  const rows: unknown[] = [];
  const onRoute = (route: RouteOptions) => {
    if (route.method === 'GET' || route.method === 'HEAD') return;
    const handler = route.handler;
    route.handler = async function (request, reply) {
      const value = await handler.call(this, request, reply);
      const key = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
      if (typeof key === 'string') {
        const { db } = app().database;
        rows.push(await db.selectFrom('idempotency_keys').select(['status', 'body']).where('key', '=', key).executeTakeFirst());
      }
      return value;
    };
  };
  return { onRoute, rows };
}

/** The key's row that holds this answer, as `keyRowsAfterWrites` records it. */
export function rowOfAnswer(answer: { status: number; body: unknown }): { status: number; body: string | null } {
  return { status: answer.status, body: answer.status === 204 ? null : JSON.stringify(answer.body) };
}

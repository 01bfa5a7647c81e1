import { describe, expect, it } from 'vitest';
import { CLOSE_CODES, REALTIME_MESSAGES, REALTIME_TICKET_TTL_MS } from '../../common/realtime.ts';
import { createUser } from '../test/factories.ts';
import { useTestApp } from '../test/test-app.ts';
import { TestSocket, listen, ticketFor } from '../test/live.ts';

describe('realtime tickets', () => {
  const t = useTestApp();

  it('are given only to a signed-in caller', async () => {
    const response = await t.request({ method: 'POST', path: '/auth/realtime-token' });
    expect(response.status).toBe(401);
  });

  it('are stored only as a digest', async () => {
    const { token } = await createUser(t);
    const ticket = await ticketFor(t, token);
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.database.db.selectFrom('realtime_tickets').select('ticket_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.ticket_hash)).not.toContain(ticket);
  });

  it('are fresh on every call, even with an Idempotency-Key, and never stored in clear', async () => {
    const { token } = await createUser(t);
    const headers = { 'idempotency-key': 'same-key' };
    const first = await t.request({ method: 'POST', path: '/auth/realtime-token', token, headers });
    const second = await t.request({ method: 'POST', path: '/auth/realtime-token', token, headers });
    expect(first.body.ticket).not.toBe(second.body.ticket);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    const stored = await t.database.db.selectFrom('idempotency_keys').select('body').execute();
    expect(JSON.stringify(stored)).not.toContain(first.body.ticket);
  });

  it('open one socket, as their user', async () => {
    const { token, user } = await createUser(t, { first_name: 'Ada' });
    const socket = await TestSocket.open(t, token);
    const answer = await socket.subscribe('me', 'user');
    expect(answer).toEqual({ type: 'snapshot', id: 'me', docs: [user] });
    socket.close();
  });

  it('work once: a used ticket is refused with a close code and a reason', async () => {
    const { token } = await createUser(t);
    const url = `${await listen(t)}?ticket=${await ticketFor(t, token)}`;
    const first = new TestSocket(url);
    await first.opened;
    await first.subscribe('me', 'user');
    const second = new TestSocket(url);
    expect(await second.closed).toEqual({ code: CLOSE_CODES.badTicket, reason: REALTIME_MESSAGES.badTicket });
    first.close();
  });

  it('expire after 60 seconds', async () => {
    const { token } = await createUser(t);
    const url = `${await listen(t)}?ticket=${await ticketFor(t, token)}`;
    t.clock.advance(REALTIME_TICKET_TTL_MS);
    try {
      const socket = new TestSocket(url);
      expect(await socket.closed).toEqual({ code: CLOSE_CODES.badTicket, reason: REALTIME_MESSAGES.badTicket });
    } finally {
      t.clock.advance(-REALTIME_TICKET_TTL_MS);
    }
  });

  it.each([
    ['an unknown ticket', '?ticket=not-a-ticket'],
    ['no ticket', ''],
    ['an empty ticket', '?ticket='],
  ])('refuse %s', async (_name, query) => {
    const socket = new TestSocket(`${await listen(t)}${query}`);
    expect(await socket.closed).toEqual({ code: CLOSE_CODES.badTicket, reason: REALTIME_MESSAGES.badTicket });
  });

  it('a client of another protocol version is refused with its own code', async () => {
    const { token } = await createUser(t);
    const socket = new TestSocket(`${await listen(t)}?v=999&ticket=${await ticketFor(t, token)}`);
    expect(await socket.closed).toEqual({ code: CLOSE_CODES.version, reason: REALTIME_MESSAGES.version });
  });

  it('a session token is not a ticket', async () => {
    const { token } = await createUser(t);
    const socket = new TestSocket(`${await listen(t)}?ticket=${token}`);
    expect((await socket.closed).code).toBe(CLOSE_CODES.badTicket);
  });
});

import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CLOSE_CODES, REALTIME_MAX_MESSAGE_BYTES } from '../../common/realtime.ts';
import { useTestApp } from '../test/test-app.ts';
import { listen } from '../test/live.ts';

/**
 * Anyone may open a live socket, so what a stranger sends must not write errors to the log: an
 * error line per attempt would bury the server's real ones.
 */
const lines: { level: number; msg?: string }[] = [];
const t = useTestApp({ config: { logLevel: 'info' }, logStream: { write: (line) => void lines.push(JSON.parse(line)) } });

function closeOf(socket: WebSocket): Promise<number> {
  socket.on('error', () => {});
  return new Promise((resolve) => socket.once('close', (code) => resolve(code)));
}

describe("a stranger's socket", () => {
  it('with a repeated ticket parameter is refused as a bad ticket, and logs no error', async () => {
    const url = await listen(t);
    const code = await closeOf(new WebSocket(`${url}?ticket=a&ticket=b`));
    expect(code).toBe(CLOSE_CODES.badTicket);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  });

  it('that sends a frame over the limit is closed, and logs no error', async () => {
    const url = await listen(t);
    const socket = new WebSocket(`${url}?ticket=made-up`);
    const closed = closeOf(socket);
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send('x'.repeat(REALTIME_MAX_MESSAGE_BYTES + 1));
    expect([CLOSE_CODES.badTicket, 1006, 1009]).toContain(await closed);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { timeAgo } from '../../../common/list-activity.ts';
import { api } from './client.ts';
import { CLOCK_NOISE_MS, noteServerDate, serverNow } from './server-clock.ts';

const MINUTE = 60_000;
/** A Date header for `at` (it has whole seconds only). */
const dateHeader = (at: number) => new Date(at).toUTCString();

describe('the server clock', () => {
  afterEach(() => {
    noteServerDate(dateHeader(Date.now()), Date.now(), Date.now());
    vi.unstubAllGlobals();
  });

  it('corrects a device clock five minutes fast, so what the server just stamped reads "just now"', () => {
    const device = Date.now();
    noteServerDate(dateHeader(device - 5 * MINUTE), device - 40, device);
    expect(Math.abs(serverNow().getTime() - (Date.now() - 5 * MINUTE))).toBeLessThan(1_500);
    expect(timeAgo(new Date(device - 5 * MINUTE).toISOString(), serverNow())).toBe('just now');
  });

  it('corrects a slow one too, so a change minutes old does not read "just now"', () => {
    const device = Date.now();
    // Half a minute over, so the header's lost fraction of a second cannot make it "9 min ago".
    noteServerDate(dateHeader(device + 10.5 * MINUTE), device - 40, device);
    expect(timeAgo(new Date(device).toISOString(), serverNow())).toBe('10 min ago');
  });

  it('keeps the device clock within the noise, and ignores a slow answer or a header it cannot read', () => {
    const device = Date.now();
    noteServerDate(dateHeader(device + 1_000), device - 40, device);
    expect(Math.abs(serverNow().getTime() - Date.now())).toBeLessThan(50);
    noteServerDate(dateHeader(device + 5 * MINUTE), device - CLOCK_NOISE_MS - 1, device);
    noteServerDate('not a date', device - 40, device);
    noteServerDate(null, device - 40, device);
    expect(Math.abs(serverNow().getTime() - Date.now())).toBeLessThan(50);
  });

  it("learns from every API answer's Date header", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json', date: dateHeader(Date.now() + 30 * MINUTE) } })),
    );
    await api('/lists');
    expect(Math.round((serverNow().getTime() - Date.now()) / MINUTE)).toBe(30);
  });
});

import { describe, expect, it } from 'vitest';
import { createMediaUrls } from './media-urls.ts';

const SECRET = 'a-server-secret-that-is-long-enough';
const KEY = 'images/0b7c/thumbnail.webp';

function urlsAt(iso: string) {
  const clock = { now: new Date(iso) };
  return { clock, urls: createMediaUrls({ secret: SECRET, now: () => clock.now }) };
}

const partsOf = (url: string) => {
  const parsed = new URL(url, 'http://listo.test');
  return { path: parsed.pathname, exp: parsed.searchParams.get('exp')!, sig: parsed.searchParams.get('sig')! };
};

describe('media URLs', () => {
  it('are /api/v1/media/{key}, expiring on a whole hour one to two hours ahead: the same URL within the hour', () => {
    const { clock, urls } = urlsAt('2026-03-01T10:00:01Z');
    const url = urls.url(KEY);
    expect(partsOf(url).path).toBe(`/api/v1/media/${KEY}`);
    expect(new Date(Number(partsOf(url).exp) * 1000).toISOString()).toBe('2026-03-01T12:00:00.000Z');
    clock.now = new Date('2026-03-01T10:59:59Z');
    expect(urls.url(KEY)).toBe(url);
    clock.now = new Date('2026-03-01T11:00:01Z');
    expect(urls.url(KEY)).not.toBe(url);
  });

  it('check: valid until the expiry, then expired', () => {
    const { clock, urls } = urlsAt('2026-03-01T10:30:00Z');
    const { exp, sig } = partsOf(urls.url(KEY));
    expect(urls.check(KEY, exp, sig)).toEqual({ ok: true, expiresAt: new Date('2026-03-01T12:00:00Z') });
    clock.now = new Date('2026-03-01T12:00:00Z');
    expect(urls.check(KEY, exp, sig)).toEqual({ ok: false, reason: 'expired' });
  });

  it('check: another key, expiry, signature or secret is invalid', () => {
    const { urls } = urlsAt('2026-03-01T10:30:00Z');
    const { exp, sig } = partsOf(urls.url(KEY));
    const other = createMediaUrls({ secret: `${SECRET}!`, now: () => new Date('2026-03-01T10:30:00Z') });
    const invalid = { ok: false, reason: 'invalid' };
    expect(urls.check('images/0b7c/medium.webp', exp, sig)).toEqual(invalid);
    expect(urls.check(KEY, String(Number(exp) + 3600), sig)).toEqual(invalid);
    expect(urls.check(KEY, exp, `${sig.slice(0, -2)}AA`)).toEqual(invalid);
    expect(urls.check(KEY, exp, undefined)).toEqual(invalid);
    expect(urls.check(KEY, undefined, sig)).toEqual(invalid);
    expect(urls.check(KEY, '-1', sig)).toEqual(invalid);
    expect(other.check(KEY, exp, sig)).toEqual(invalid);
  });

  it('urlUntil: expires exactly then (what the local store hands out as its signedUrl)', () => {
    const { urls } = urlsAt('2026-03-01T10:30:00Z');
    const { exp, sig } = partsOf(urls.urlUntil(KEY, new Date('2026-03-01T10:45:00Z')));
    expect(urls.check(KEY, exp, sig)).toEqual({ ok: true, expiresAt: new Date('2026-03-01T10:45:00Z') });
  });
});

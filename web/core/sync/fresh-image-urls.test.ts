import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_URL_RENEW_MARGIN_MS, IMAGE_URL_RENEW_MIN_MS, earliestImageExpiry, keepImageUrlsFresh } from './fresh-image-urls.ts';
import { noteServerDate } from '../net/server-clock.ts';

const HOUR = 60 * 60_000;
const NOW = Date.UTC(2026, 10, 25, 10, 20);

/** An item whose picture's URLs expire at these times (ms); the server signs them this way. */
const withImage = (thumbnailExpiry: number, mediumExpiry = thumbnailExpiry) => ({
  images: {
    primary: {
      id: 'img',
      thumbnailUrl: `/api/v1/media/images/img/thumbnail.webp?exp=${thumbnailExpiry / 1000}&sig=a`,
      mediumUrl: `/api/v1/media/images/img/medium.webp?exp=${mediumExpiry / 1000}&sig=b`,
      uploadedAt: '2026-11-25T10:00:00.000Z',
    },
  },
});

describe('earliestImageExpiry', () => {
  it('is the first expiry of any URL, and none without pictures', () => {
    expect(earliestImageExpiry([{ images: null }, withImage(NOW + 2 * HOUR, NOW + HOUR), withImage(NOW + 3 * HOUR), {}])).toBe(NOW + HOUR);
    expect(earliestImageExpiry([{ images: null }, {}])).toBeUndefined();
  });
});

describe('keepImageUrlsFresh', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  /** A fake subscribe: records each subscription made, and lets the test deliver the items' states. */
  function follow() {
    const made: { renewal: boolean; onDocs: (docs: Iterable<object>) => void; onEnd: () => void; unsubscribe: ReturnType<typeof vi.fn> }[] = [];
    const stop = keepImageUrlsFresh(({ renewal, onDocs, onEnd }) => {
      const subscription = { renewal, onDocs, onEnd, unsubscribe: vi.fn() };
      made.push(subscription);
      return subscription;
    });
    return { made, stop };
  }

  it('subscribes again, without its first state, shortly before the first URL expires', () => {
    const { made, stop } = follow();
    made[0]!.onDocs([withImage(NOW + HOUR)]);
    vi.advanceTimersByTime(HOUR - IMAGE_URL_RENEW_MARGIN_MS - 1);
    expect(made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(made.map((subscription) => subscription.renewal)).toEqual([false, true]);
    expect(made[0]!.unsubscribe).toHaveBeenCalled();
    // The fresh URLs of the new snapshot set the next renewal.
    made[1]!.onDocs([withImage(NOW + 3 * HOUR)]);
    vi.advanceTimersByTime(2 * HOUR - 1);
    expect(made).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(made).toHaveLength(3);
    stop();
  });

  it("renews by the server's clock: on a device ten minutes slow, ten minutes sooner", () => {
    const SLOW = 10 * 60_000;
    // An answer whose Date header says the server is ten minutes ahead of this device.
    noteServerDate(new Date(NOW + SLOW).toUTCString(), NOW - 500, NOW - 500);
    try {
      const { made, stop } = follow();
      made[0]!.onDocs([withImage(NOW + SLOW + HOUR)]);
      vi.advanceTimersByTime(HOUR - IMAGE_URL_RENEW_MARGIN_MS);
      expect(made).toHaveLength(2);
      stop();
    } finally {
      noteServerDate(new Date(NOW).toUTCString(), NOW - 500, NOW - 500);
    }
  });

  it('follows the items as they change: a new picture that expires sooner, or none left', () => {
    const { made, stop } = follow();
    made[0]!.onDocs([withImage(NOW + 2 * HOUR)]);
    made[0]!.onDocs([withImage(NOW + 2 * HOUR), withImage(NOW + HOUR)]);
    vi.advanceTimersByTime(HOUR - IMAGE_URL_RENEW_MARGIN_MS);
    expect(made).toHaveLength(2);
    made[1]!.onDocs([{ images: null }]);
    vi.advanceTimersByTime(10 * HOUR);
    expect(made).toHaveLength(2);
    stop();
  });

  it('never renews in a loop when the URLs look expired already (a clock ahead of the server)', () => {
    const { made, stop } = follow();
    made[0]!.onDocs([withImage(NOW - HOUR)]);
    vi.advanceTimersByTime(IMAGE_URL_RENEW_MIN_MS - 1);
    expect(made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(made).toHaveLength(2);
    made[1]!.onDocs([withImage(NOW - HOUR)]);
    vi.advanceTimersByTime(IMAGE_URL_RENEW_MIN_MS - 1);
    expect(made).toHaveLength(2);
    stop();
  });

  it('renews no more once the server ended the subscription (the list is out of reach)', () => {
    const { made, stop } = follow();
    made[0]!.onDocs([withImage(NOW + HOUR)]);
    made[0]!.onEnd();
    vi.advanceTimersByTime(10 * HOUR);
    expect(made).toHaveLength(1);
    stop();
  });

  it('once stopped, unsubscribes and renews no more', () => {
    const { made, stop } = follow();
    made[0]!.onDocs([withImage(NOW + HOUR)]);
    stop();
    expect(made[0]!.unsubscribe).toHaveBeenCalled();
    vi.advanceTimersByTime(10 * HOUR);
    expect(made).toHaveLength(1);
  });
});

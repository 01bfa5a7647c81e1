import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAppState } from '../../core/store/app-state.ts';
import { answer, callOf, failure, item, mockFetch } from '../../test/http.ts';
import { sendXhrThroughFetch } from '../../test/xhr.ts';
import { ApiError } from '../../core/net/client.ts';
import { uploadItemImage } from './images-api.ts';

const photo = 'data:image/jpeg;base64,/9j/4AAQ';
const withImage = item('i1', 'milk', {
  images: { primary: { id: 'img1', thumbnailUrl: '/t.webp?sig=1', mediumUrl: '/m.webp?sig=1', uploadedAt: '2025-01-01T00:00:00.000Z' } },
});

describe('uploadItemImage', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  const waits: number[] = [];
  const progress: number[] = [];
  const upload = () =>
    uploadItemImage('l1', 'i1', photo, {
      idempotencyKey: 'key-1',
      onProgress: (fraction) => progress.push(fraction),
      onWait: (delay) => waits.push(delay),
    });

  beforeEach(() => {
    resetAppState();
    waits.length = 0;
    progress.length = 0;
    fetchMock = mockFetch();
    sendXhrThroughFetch();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('posts the data URL with an Idempotency-Key, reports progress, and answers the updated item', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, withImage));
    await expect(upload()).resolves.toEqual(withImage);
    expect(callOf(fetchMock, 0)).toMatchObject({
      url: '/api/v1/lists/l1/items/i1/image',
      method: 'POST',
      headers: { 'Idempotency-Key': 'key-1', 'content-type': 'application/json' },
      body: { imageData: photo },
    });
    expect(progress).toEqual([0.5, 1]);
  });

  it('tries again after a server fault and a lost connection, same key, waiting about 1 s then 2 s', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(1);
    fetchMock
      .mockResolvedValueOnce(failure(503, 'busy'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(answer(200, withImage));
    const result = upload();
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual(withImage);
    expect(waits).toEqual([1000, 2000]);
    expect([0, 1, 2].map((index) => callOf(fetchMock, index).headers['Idempotency-Key'])).toEqual(['key-1', 'key-1', 'key-1']);
  });

  it('jitters the waits: half of each is fixed, half random', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    fetchMock.mockResolvedValueOnce(failure(500, 'x')).mockResolvedValueOnce(failure(502, 'x')).mockResolvedValueOnce(answer(200, withImage));
    const result = upload();
    await vi.advanceTimersByTimeAsync(1500);
    await expect(result).resolves.toEqual(withImage);
    expect(waits).toEqual([500, 1000]);
  });

  it('tries again when the first try with the key is still running on the server (409 request_in_progress), 408 and 429', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    fetchMock
      .mockResolvedValueOnce(answer(409, { error: { code: 'request_in_progress', message: 'wait' } }))
      .mockResolvedValueOnce(failure(408, 'slow'))
      .mockResolvedValueOnce(failure(429, 'later'))
      .mockResolvedValueOnce(answer(200, withImage));
    const result = upload();
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(result).resolves.toEqual(withImage);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it.each([
    [413, 'The image is too large'],
    [415, 'This file is not an image'],
    [402, 'Storage quota exceeded'],
    [403, 'You cannot edit this list'],
    [404, 'Item not found'],
    [409, 'This id is already in use'],
  ])('never tries a refusal again (%i)', async (status, message) => {
    fetchMock.mockResolvedValue(failure(status, message));
    const result = upload();
    const failed = expect(result).rejects.toEqual(new ApiError(status, 'x', message));
    await vi.advanceTimersByTimeAsync(700_000);
    await failed;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(waits).toEqual([]);
  });

  it('waits at most 64 s between tries and starts none later than 10 minutes after the first', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(1);
    const started = Date.now();
    const tries: number[] = [];
    fetchMock.mockImplementation(async () => {
      tries.push(Date.now() - started);
      return failure(503, 'down');
    });
    const result = upload();
    const failed = expect(result).rejects.toMatchObject({ status: 503, message: 'down' });
    await vi.advanceTimersByTimeAsync(700_000);
    await failed;
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, ...Array<number>(8).fill(64_000)]);
    expect(tries.at(-1)).toBe(575_000);
    expect(tries.every((time) => time <= 600_000)).toBe(true);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadAgainOnline } from './load-again-online.ts';

const offline = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/virtual_pwa-register.js'));
/** Lets the promises settle that are due. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('loadAgainOnline', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers what the first try loads', async () => {
    await expect(loadAgainOnline(async () => 'chunk')).resolves.toBe('chunk');
  });

  it('failed, tries again once the browser is back online, not before', async () => {
    const load = vi.fn<() => Promise<string>>().mockImplementationOnce(offline).mockResolvedValueOnce('chunk');
    const loaded = loadAgainOnline(load);
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('online'));
    await expect(loaded).resolves.toBe('chunk');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('failed twice, gives up without a rejection, and goes back online no more', async () => {
    const load = vi.fn<() => Promise<string>>(offline);
    const listen = vi.spyOn(window, 'addEventListener');
    const loaded = loadAgainOnline(load);
    await settle();
    window.dispatchEvent(new Event('online'));
    await expect(loaded).resolves.toBeUndefined();
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    expect(listen.mock.calls.filter(([type]) => type === 'online')).toHaveLength(1);
  });
});

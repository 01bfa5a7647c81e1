import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_WAIT_MAX_MS, whenIdle } from './when-idle.ts';

/** Runs the browser's queued callbacks by hand: frames, then idle moments. */
function fakeBrowser() {
  const frames: FrameRequestCallback[] = [];
  const idles: { callback: IdleRequestCallback; options?: IdleRequestOptions }[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback, options?: IdleRequestOptions) => idles.push({ callback, options }));
  return {
    frame: () => frames.splice(0).forEach((callback) => callback(performance.now())),
    idle: () => idles.splice(0).forEach(({ callback }) => callback({ didTimeout: false, timeRemaining: () => 10 })),
    idles,
  };
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe('whenIdle', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('resolves at the first idle moment after two frames, waiting at most IDLE_WAIT_MAX_MS for it', async () => {
    const browser = fakeBrowser();
    const idle = whenIdle();
    browser.idle();
    browser.frame();
    browser.idle();
    expect(await settled(idle)).toBe(false);
    browser.frame();
    expect(await settled(idle)).toBe(false);
    expect(browser.idles[0]?.options).toEqual({ timeout: IDLE_WAIT_MAX_MS });
    browser.idle();
    expect(await settled(idle)).toBe(true);
  });

  it('without requestIdleCallback (Safari), resolves in the task after the two frames', async () => {
    const browser = fakeBrowser();
    vi.stubGlobal('requestIdleCallback', undefined);
    const idle = whenIdle();
    browser.frame();
    expect(await settled(idle)).toBe(false);
    browser.frame();
    expect(await settled(idle)).toBe(true);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { cameraConstraints, cameraFailure, isMobileDevice } from './camera.ts';

describe('camera', () => {
  afterEach(() => {
    delete (navigator as { userAgent?: string }).userAgent;
  });

  it('prefers the rear camera at 1280x720, and on a phone 640x480 ideal, 1280x720 at most', () => {
    expect(cameraConstraints(false)).toEqual({
      audio: false,
      video: { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } },
    });
    expect(cameraConstraints(true)).toEqual({
      audio: false,
      video: { facingMode: 'environment', width: { ideal: 640, max: 1280 }, height: { ideal: 480, max: 720 } },
    });
  });

  it('tells a phone from a desktop browser', () => {
    Object.defineProperty(navigator, 'userAgent', { configurable: true, value: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148' });
    expect(isMobileDevice()).toBe(true);
    Object.defineProperty(navigator, 'userAgent', { configurable: true, value: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0' });
    expect(isMobileDevice()).toBe(false);
  });

  it('reads a refusal as denied and anything else as no camera', () => {
    expect(cameraFailure(new DOMException('no', 'NotAllowedError'))).toBe('denied');
    expect(cameraFailure(new DOMException('insecure', 'SecurityError'))).toBe('denied');
    expect(cameraFailure(new DOMException('none', 'NotFoundError'))).toBe('unavailable');
    expect(cameraFailure(new DOMException('busy', 'NotReadableError'))).toBe('unavailable');
    expect(cameraFailure('odd')).toBe('unavailable');
  });
});

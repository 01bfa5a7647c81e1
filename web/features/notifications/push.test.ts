import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUSH_OFFERED_STORAGE_KEY } from '../../../common/push.ts';
import { localStore } from '../../core/store/local-storage.ts';
import { browserPushState, closePushOffer, offerPushAfterShare, showWaitingPushOffer, usePushOffer } from './push.ts';
import { renderHook } from '@testing-library/react';

/** A browser that can show notifications, with the permission given. */
function browserWith(permission: NotificationPermission, secure = true) {
  vi.stubGlobal('isSecureContext', secure);
  vi.stubGlobal('Notification', { permission });
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
}

describe('notifications on this device', () => {
  beforeEach(() => localStore.removeItem(PUSH_OFFERED_STORAGE_KEY));
  afterEach(() => {
    vi.unstubAllGlobals();
    closePushOffer();
  });

  it('says why a device cannot have them', () => {
    browserWith('denied');
    expect(browserPushState()).toBe('blocked');
    browserWith('default', false);
    expect(browserPushState()).toBe('insecure');
    browserWith('granted');
    expect(browserPushState()).toBe('granted');
  });

  it('offers them once after a share, and never where the browser will not ask', () => {
    browserWith('denied');
    const offer = renderHook(() => usePushOffer());
    offerPushAfterShare();
    offer.rerender();
    expect(offer.result.current).toBe(false);

    browserWith('default');
    offerPushAfterShare();
    offer.rerender();
    // Not on top of the Share dialog: once it closes.
    expect(offer.result.current).toBe(false);
    showWaitingPushOffer();
    offer.rerender();
    expect(offer.result.current).toBe(true);
    closePushOffer();
    offerPushAfterShare();
    showWaitingPushOffer();
    offer.rerender();
    expect(offer.result.current).toBe(false);
  });
});

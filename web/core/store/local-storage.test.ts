import { afterEach, describe, expect, it, vi } from 'vitest';

/** The module decides once, when it loads: each case loads it afresh. */
async function loadWith(localStorageGetter?: () => Storage) {
  vi.resetModules();
  if (localStorageGetter) Object.defineProperty(window, 'localStorage', { configurable: true, get: localStorageGetter });
  return import('./local-storage.ts');
}

const realLocalStorage = Object.getOwnPropertyDescriptor(window, 'localStorage')!;
afterEach(() => {
  Object.defineProperty(window, 'localStorage', realLocalStorage);
});

describe('localStore', () => {
  it("is the browser's localStorage when the browser allows it", async () => {
    const { localStore, keepsSignIn } = await loadWith();
    expect(localStore).toBe(window.localStorage);
    expect(keepsSignIn).toBe(true);
  });

  it('is kept in memory, and says so, when reading localStorage throws (site data blocked)', async () => {
    const { localStore, keepsSignIn } = await loadWith(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(keepsSignIn).toBe(false);
    expect(localStore.getItem('listo_token')).toBeNull();
    localStore.setItem('listo_token', 'abc');
    localStore.setItem('listo_theme', 'dark');
    expect([localStore.getItem('listo_token'), localStore.length, localStore.key(1)]).toEqual(['abc', 2, 'listo_theme']);
    localStore.removeItem('listo_token');
    expect(localStore.getItem('listo_token')).toBeNull();
    localStore.clear();
    expect(localStore.length).toBe(0);
  });

  it('is kept in memory when the browser hands localStorage out but refuses its use', async () => {
    const refusing = {
      getItem() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    } as unknown as Storage;
    const { localStore, keepsSignIn } = await loadWith(() => refusing);
    expect(keepsSignIn).toBe(false);
    expect(localStore).not.toBe(refusing);
  });
});

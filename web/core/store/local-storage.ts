/**
 * The browser's localStorage, or a stand-in in memory when the browser refuses it: with all site
 * data blocked (a browser setting, some private modes) reading `localStorage` throws, and the app
 * would not start at all. With the stand-in it works for as long as the tab is open; a reload or a
 * new tab starts signed out, which the sign-in screen says (`keepsSignIn`).
 */
function openLocalStorage(): { storage: Storage; persistent: boolean } {
  try {
    const storage = window.localStorage;
    // Some browsers hand the object out and refuse only its use.
    storage.getItem('');
    return { storage, persistent: true };
  } catch {
    return { storage: memoryStorage(), persistent: false };
  }
}

function memoryStorage(): Storage {
  const entries = new Map<string, string>();
  return {
    get length() {
      return entries.size;
    },
    key: (index) => [...entries.keys()][index] ?? null,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, String(value)),
    removeItem: (key) => void entries.delete(key),
    clear: () => entries.clear(),
  };
}

const opened = openLocalStorage();

/** Where the app keeps its token, cache and choices (STORAGE_KEYS). */
export const localStore: Storage = opened.storage;

/** False when the browser blocks site data: nothing outlives the tab. */
export const keepsSignIn: boolean = opened.persistent;

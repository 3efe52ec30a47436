/**
 * The browser's localStorage and sessionStorage, or a store in memory when the page may not use
 * them. Reading `window.localStorage` throws a SecurityError in a frame on another site when the
 * browser blocks third-party storage (Chromium with third-party cookies blocked, Safari, Firefox's
 * strict mode), and where the user turned site data off. The embed page of a share link lives in
 * exactly such a frame: without this, the app's first read of the sign-in record threw and nothing
 * rendered. In memory, the page is a visitor who is not signed in, which is what it needs to be.
 */

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

const fallbacks = new Map<'localStorage' | 'sessionStorage', Storage>();

function usable(name: 'localStorage' | 'sessionStorage'): Storage {
  try {
    const storage = globalThis[name];
    if (storage) return storage;
  } catch {
    // Denied to this document: the store in memory below.
  }
  let fallback = fallbacks.get(name);
  if (!fallback) fallbacks.set(name, (fallback = memoryStorage()));
  return fallback;
}

/** localStorage, or the page's store in memory when the browser denies it. */
export function localStore(): Storage {
  return usable('localStorage');
}

/** sessionStorage, or the page's store in memory when the browser denies it. */
export function sessionStore(): Storage {
  return usable('sessionStorage');
}

import { STORAGE_KEYS } from '../../../common/constants.ts';
import { createStore, useStore } from './store.ts';
import { localStore } from './local-storage.ts';

export type Theme = 'light' | 'dark';

const isTheme = (value: string | null): value is Theme => value === 'light' || value === 'dark';

/** The stored choice, else the system preference. */
function initialTheme(): Theme {
  const stored = localStore.getItem(STORAGE_KEYS.theme);
  if (isTheme(stored)) return stored;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export const themeStore = createStore<Theme>(initialTheme());

function apply(theme: Theme) {
  document.documentElement.dataset.theme = theme;
}

apply(themeStore.get());
themeStore.subscribe(() => apply(themeStore.get()));
// A choice made in another tab of the app (the browser tells the others with a storage event) applies here too.
window.addEventListener('storage', (event) => {
  if (event.key === STORAGE_KEYS.theme && isTheme(event.newValue)) themeStore.set(event.newValue);
});

/** Switches light and dark and keeps the choice in `listo_theme`. */
export function toggleTheme(): void {
  const next = themeStore.get() === 'dark' ? 'light' : 'dark';
  localStore.setItem(STORAGE_KEYS.theme, next);
  themeStore.set(next);
}

export function useTheme(): Theme {
  return useStore(themeStore, (theme) => theme);
}

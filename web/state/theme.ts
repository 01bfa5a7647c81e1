import { STORAGE_KEYS } from '../../common/constants.ts';
import { createStore, useStore } from './store.ts';

export type Theme = 'light' | 'dark';

/** The stored choice, else the system preference (spec section 9). */
function initialTheme(): Theme {
  const stored = localStorage.getItem(STORAGE_KEYS.theme);
  if (stored === 'light' || stored === 'dark') return stored;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export const themeStore = createStore<Theme>(initialTheme());

function apply(theme: Theme) {
  document.documentElement.dataset.theme = theme;
}

apply(themeStore.get());
themeStore.subscribe(() => apply(themeStore.get()));

/** Switches light and dark and keeps the choice in `listo_theme`. */
export function toggleTheme(): void {
  const next = themeStore.get() === 'dark' ? 'light' : 'dark';
  localStorage.setItem(STORAGE_KEYS.theme, next);
  themeStore.set(next);
}

export function useTheme(): Theme {
  return useStore(themeStore, (theme) => theme);
}

import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../common/constants.ts';
import { themeStore, toggleTheme } from './theme.ts';

const fromAnotherTab = (key: string, newValue: string | null) => window.dispatchEvent(new StorageEvent('storage', { key, newValue }));

describe('the theme', () => {
  it('follows a choice made in another tab, and ignores other keys and values that are not a theme', () => {
    const start = themeStore.get();
    const other = start === 'dark' ? 'light' : 'dark';
    fromAnotherTab(STORAGE_KEYS.theme, other);
    expect(themeStore.get()).toBe(other);
    expect(document.documentElement.dataset.theme).toBe(other);

    fromAnotherTab(STORAGE_KEYS.theme, 'purple');
    fromAnotherTab(STORAGE_KEYS.theme, null);
    fromAnotherTab(STORAGE_KEYS.cache, start);
    expect(themeStore.get()).toBe(other);

    toggleTheme();
    expect(themeStore.get()).toBe(start);
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe(start);
  });
});

import { createStore, useStore } from './store.ts';

/**
 * What a screen reader is told of a change that shows only as a row coming or going (an item
 * added, an item deleted): one polite status for the whole app (app/Announcer.tsx). Each
 * announcement is numbered, so the same words said twice are heard twice.
 */
const announcement = createStore({ text: '', serial: 0 });

export function announce(text: string): void {
  announcement.update(({ serial }) => ({ text, serial: serial + 1 }));
}

export function useAnnouncement(): { text: string; serial: number } {
  return useStore(announcement, (current) => current);
}

import { describe, expect, it } from 'vitest';
import { makeList } from '../../test/factories.ts';
import type { ClientList } from '../store/app-state.ts';
import { isUnconfirmed, mergeServerLists, newTempId } from './optimistic.ts';

describe('mergeServerLists', () => {
  it('keeps the current lists when the server repeats them, so no card renders again', () => {
    const current = [makeList({ id: 'a' }), makeList({ id: 'b' })];
    expect(mergeServerLists(current, structuredClone(current), [])).toBe(current);
  });

  const made: ClientList = { ...makeList({ id: 'b1f0c9e2-0000-4000-8000-000000000001', name: 'Groceries' }), tempId: 'temp-1' };

  it('replaces a list made here by the server’s copy with the same id', () => {
    const real = makeList({ id: made.id, name: 'Groceries' });
    expect(mergeServerLists([made], [real], [])).toEqual([real]);
  });

  it('keeps it while the server has not answered, beside the server’s other lists', () => {
    const other = makeList({ id: 'other', name: 'Groceries' });
    expect(mergeServerLists([made], [other], []).map((entry) => entry.id)).toEqual([made.id, 'other']);
  });

  it('drops a queued list once its change was replayed (or dropped) without it coming back', () => {
    const queued: ClientList = { ...made, pendingKey: 'k1' };
    expect(mergeServerLists([queued], [], [{ key: 'k1', method: 'POST', path: '/lists', listId: made.id }])).toHaveLength(1);
    expect(mergeServerLists([queued], [], [])).toHaveLength(0);
  });

  it('never keeps a confirmed list the server no longer sends', () => {
    expect(mergeServerLists([makeList({ id: 'gone' })], [], [])).toEqual([]);
  });
});

describe('temporary marks', () => {
  it('start with temp- and mark a list or item as unconfirmed', () => {
    expect(newTempId()).toMatch(/^temp-\d+$/);
    expect(newTempId(2)).toMatch(/^temp-\d+-2$/);
    expect(isUnconfirmed({ id: 'x', tempId: newTempId() })).toBe(true);
    expect(isUnconfirmed({ id: 'x' })).toBe(false);
  });
});

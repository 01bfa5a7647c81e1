import { describe, expect, it } from 'vitest';
import type { ListView } from '../../common/schemas/lists.ts';
import type { ClientList } from './app-state.ts';
import { isTempId, mergeServerLists, newTempId } from './lists-merge.ts';

const list = (id: string, name: string, createdAt: string): ListView => ({
  id,
  name,
  owner_id: 'u1',
  visibility: 'private',
  public_editable: false,
  allow_link_sharing: false,
  custom_prompts: [],
  created_at: createdAt,
  updated_at: createdAt,
  isOwner: true,
  shares: [],
});

describe('mergeServerLists', () => {
  const temp: ClientList = { ...list('temp-1', 'Groceries', '2025-01-01T10:00:00.000Z'), tempId: 'temp-1' };

  it('replaces a temporary list by the real one with its name, created under 10 s apart', () => {
    const real = list('r1', 'Groceries', '2025-01-01T10:00:09.000Z');
    expect(mergeServerLists([temp], [real], []).map((entry) => entry.id)).toEqual(['r1']);
  });

  it('keeps it when the name differs or the times are 10 s or more apart', () => {
    const other = list('r2', 'Hardware', '2025-01-01T10:00:01.000Z');
    const late = list('r3', 'Groceries', '2025-01-01T10:00:10.000Z');
    expect(mergeServerLists([temp], [other, late], []).map((entry) => entry.id)).toEqual(['temp-1', 'r2', 'r3']);
  });

  it('drops a queued temporary list once its change has been replayed', () => {
    const queued: ClientList = { ...temp, pendingKey: 'k1' };
    expect(mergeServerLists([queued], [], [{ key: 'k1', method: 'POST', path: '/lists', listId: 'temp-1' }])).toHaveLength(1);
    expect(mergeServerLists([queued], [], [])).toHaveLength(0);
  });
});

describe('temporary ids', () => {
  it('start with temp-', () => {
    expect(isTempId(newTempId())).toBe(true);
    expect(newTempId(2)).toMatch(/^temp-\d+-2$/);
    expect(isTempId('0b8e5d1a')).toBe(false);
  });
});

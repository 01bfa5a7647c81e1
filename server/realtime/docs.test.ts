import { describe, expect, it } from 'vitest';
import type { ListChangeRow } from '../db/schema.ts';
import { collapse } from './docs.ts';
import { applyListDoc, latestPerList, newSubscription, type Sink } from './subscription.ts';

const row = (seq: number, op: ListChangeRow['op'], entityId: string, entity: ListChangeRow['entity'] = 'item'): ListChangeRow => ({
  list_id: 'L',
  seq,
  entity,
  op,
  entity_id: entityId,
  created_at: '2025-01-01T00:00:00.000Z',
});

describe('collapse', () => {
  const current = new Map<string, unknown>([
    ['a', { id: 'a', v: 2 }],
    ['b', { id: 'b', v: 1 }],
  ]);

  it('answers each entity once, in its current state, in the order of its last change', () => {
    const rows = [row(1, 'modified', 'b'), row(2, 'added', 'a'), row(3, 'modified', 'a'), row(4, 'modified', 'b')];
    expect(collapse(rows, 'item', current)).toEqual([
      { op: 'added', doc: { id: 'a', v: 2 } },
      { op: 'modified', doc: { id: 'b', v: 1 } },
    ]);
  });

  it('drops an entity added and removed within the rows, and removes one that existed before', () => {
    const rows = [row(1, 'added', 'gone'), row(2, 'removed', 'gone'), row(3, 'removed', 'old')];
    expect(collapse(rows, 'item', current)).toEqual([{ op: 'removed', doc: { id: 'old' } }]);
  });

  it('trusts the current state over a row op: a "removed" of something that exists again is a modification', () => {
    expect(collapse([row(1, 'removed', 'a'), row(2, 'added', 'a')], 'item', current)).toEqual([
      { op: 'modified', doc: { id: 'a', v: 2 } },
    ]);
  });

  it('keeps to one entity kind, and keys a removed share by list and address', () => {
    const rows = [row(1, 'added', 'a'), row(2, 'removed', 'x@example.com', 'share'), row(3, 'modified', 'L', 'list')];
    expect(collapse(rows, 'share', new Map())).toEqual([{ op: 'removed', doc: { list_id: 'L', email: 'x@example.com' } }]);
  });
});

describe('a lists or shares subscription', () => {
  const sink: Sink = { userId: 'u', send() {}, release() {} };
  const index = () => {};

  it('adds a list it lacks, modifies one it has, removes one that left, and ignores what it has seen', () => {
    const sub = newSubscription(sink, 's', 'shares', undefined);
    sub.known.set('old', 5);
    expect(applyListDoc(sub, { listId: 'new', seq: 1, doc: { id: 'new' } }, index)).toEqual({ op: 'added', doc: { id: 'new' } });
    expect(applyListDoc(sub, { listId: 'old', seq: 5, doc: { id: 'old' } }, index)).toBeUndefined();
    expect(applyListDoc(sub, { listId: 'old', seq: 6, doc: { id: 'old', v: 2 } }, index)).toEqual({
      op: 'modified',
      doc: { id: 'old', v: 2 },
    });
    expect(applyListDoc(sub, { listId: 'old', seq: 7, doc: undefined }, index)).toEqual({ op: 'removed', doc: { id: 'old' } });
    expect(applyListDoc(sub, { listId: 'never', seq: 3, doc: undefined }, index)).toBeUndefined();
    expect([...sub.known]).toEqual([['new', 1]]);
  });

  it('replays only the latest event per list after its snapshot', () => {
    const events = [
      { listId: 'a', seq: 1, doc: { id: 'a' } },
      { listId: 'b', seq: 4, doc: { id: 'b' } },
      { listId: 'a', seq: 2, doc: undefined },
    ];
    expect(latestPerList(events)).toEqual([
      { listId: 'a', seq: 2, doc: undefined },
      { listId: 'b', seq: 4, doc: { id: 'b' } },
    ]);
  });
});

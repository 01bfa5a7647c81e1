import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { newRandomId, newTimeOrderedId } from './ids.ts';

const isUuid = (id: string) => z.uuid().safeParse(id).success;

describe('newRandomId', () => {
  it('makes version 4 UUIDs that the API accepts, a different one each time', () => {
    const ids = Array.from({ length: 1000 }, newRandomId);
    expect(ids.every(isUuid)).toBe(true);
    expect(ids.every((id) => id[14] === '4' && '89ab'.includes(id[19]!))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('newTimeOrderedId', () => {
  it('makes version 7 UUIDs that the API accepts, a different one each time', () => {
    const ids = Array.from({ length: 1000 }, () => newTimeOrderedId());
    expect(ids.every(isUuid)).toBe(true);
    expect(ids.every((id) => id[14] === '7' && '89ab'.includes(id[19]!))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('starts with the millisecond it was made, all 48 bits of it', () => {
    const at = Date.UTC(2026, 10, 23, 22, 15, 30, 123);
    expect(newTimeOrderedId(at).replace(/-/g, '').slice(0, 12)).toBe(at.toString(16).padStart(12, '0'));
    expect(newTimeOrderedId(2 ** 48 - 1).startsWith('ffffffff-ffff-7')).toBe(true);
  });

  it('sorts ids of later milliseconds after earlier ones, as their index pages do', () => {
    const ids = [0, 1, 255, 256, 65_536, 2 ** 32, 2 ** 40 + 7, Date.now()].map((at) => newTimeOrderedId(at));
    expect([...ids].sort()).toEqual(ids);
  });
});

describe('random bytes', () => {
  it('are drawn for many ids at a time (a draw costs as much as 20 ids), never handed out twice', () => {
    const draws = vi.spyOn(crypto, 'getRandomValues');
    try {
      const ids = Array.from({ length: 1024 }, (_, index) => (index % 2 ? newRandomId() : newTimeOrderedId(0)));
      expect(draws.mock.calls.length).toBeLessThanOrEqual(5);
      // With the same millisecond, the time-ordered ids differ only in their random bits.
      expect(new Set(ids.map((id) => id.slice(14))).size).toBe(ids.length);
    } finally {
      draws.mockRestore();
    }
  });
});

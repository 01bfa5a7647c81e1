import { describe, expect, it } from 'vitest';
import { chunked } from './chunked.ts';

describe('chunked', () => {
  it('cuts values into runs of the size, in order, the last shorter', () => {
    expect(chunked([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunked([1, 2], 2)).toEqual([[1, 2]]);
    expect(chunked([], 2)).toEqual([]);
  });
});

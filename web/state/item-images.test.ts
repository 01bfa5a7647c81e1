import { describe, expect, it } from 'vitest';
import { primaryImage, withPrimary } from './item-images.ts';

const primary = { id: 'img1', thumbnailUrl: '/t', mediumUrl: '/m', uploadedAt: '2025-01-01T00:00:00.000Z' };

describe('item images', () => {
  it('reads a primary image only when it has an id and both URLs', () => {
    expect(primaryImage({ images: { primary } })).toEqual(primary);
    expect(primaryImage({ images: null })).toBeUndefined();
    expect(primaryImage({ images: {} })).toBeUndefined();
    expect(primaryImage({ images: { primary: { ...primary, thumbnailUrl: '' } } })).toBeUndefined();
    expect(primaryImage({ images: { primary: { id: 'img1' } } })).toBeUndefined();
    expect(primaryImage({ images: { primary: 'img1' } })).toBeUndefined();
  });

  it('sets or takes away the primary image, keeping any other images', () => {
    expect(withPrimary(null, primary)).toEqual({ primary });
    expect(withPrimary({ primary }, undefined)).toBeNull();
    expect(withPrimary({ primary, extra: 1 }, undefined)).toEqual({ extra: 1 });
  });
});

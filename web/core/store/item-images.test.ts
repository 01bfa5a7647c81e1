import { describe, expect, it } from 'vitest';
import { primaryImage, withPrimary } from './item-images.ts';

const primary = { id: 'img1', thumbnailUrl: '/t', mediumUrl: '/m', uploadedAt: '2025-01-01T00:00:00.000Z' };

describe('item images', () => {
  it('reads the primary image, if there is one', () => {
    expect(primaryImage({ images: { primary } })).toEqual(primary);
    expect(primaryImage({ images: null })).toBeUndefined();
  });

  it('sets or takes away the primary image', () => {
    expect(withPrimary(primary)).toEqual({ primary });
    expect(withPrimary(undefined)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { IMAGE_MESSAGES } from './images.ts';

const MIB = 1024 * 1024;

describe('the quota message', () => {
  it('never reads as if the image fitted: the need is rounded up, the room left down', () => {
    expect(IMAGE_MESSAGES.quotaExceeded(2 * MIB, 1.73 * MIB, 0.29 * MIB)).toBe(
      'Storage quota exceeded: this image needs 0.3 MB, and 0.2 MB are left of the 2 MB your images may use. Remove some images to add new ones.',
    );
  });
});

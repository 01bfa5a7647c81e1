import { describe, expect, it } from 'vitest';
import { ClientId } from './api.ts';

describe('ClientId', () => {
  it('takes a UUID in lower case, however it was written', () => {
    expect(ClientId.parse('0B8E5D1A-3C4D-4E5F-8A9B-0C1D2E3F4A5B')).toBe('0b8e5d1a-3c4d-4e5f-8a9b-0c1d2e3f4a5b');
  });

  it.each(['temp-1', '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff'])('refuses %s', (id) => {
    expect(ClientId.safeParse(id).success).toBe(false);
  });
});

import { expect, it } from 'vitest';

it('turns off zod compiling parsers with eval, before zod loads', async () => {
  await import('./zod-config.ts');
  const { z } = await import('zod');
  expect(z.config().jitless).toBe(true);
});

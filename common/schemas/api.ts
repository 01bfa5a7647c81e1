import { z } from 'zod';

/** The envelope of every error answer: `{"error":{"code","message"}}`. */
export const ApiErrorBody = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** GET /health and GET /ready: nothing about the deployment, only that it answers. */
export const HealthView = z.object({ status: z.literal('ok') });
export type HealthView = z.infer<typeof HealthView>;

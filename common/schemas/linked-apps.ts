import { z } from 'zod';

/** Apps linked to the account (voice assistants), as Account Settings lists them. */

export const LinkedAppView = z.object({
  client_id: z.string(),
  name: z.string(),
  /** What the app may do, e.g. `lists:read`, `items:write`. */
  scopes: z.array(z.string()),
  linked_at: z.string(),
});
export type LinkedAppView = z.infer<typeof LinkedAppView>;

export const LinkedAppsResponse = z.object({ apps: z.array(LinkedAppView) });
export type LinkedAppsResponse = z.infer<typeof LinkedAppsResponse>;

export const LinkedAppParams = z.object({ clientId: z.string().min(1).max(200) });

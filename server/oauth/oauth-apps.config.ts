import { z } from 'zod';

/** Apps connecting by OAuth, as configured (README, "Configuration"; docs/decisions/060). */
export interface OAuthAppsConfig {
  /** Lets apps' client metadata documents be served over plain HTTP from loopback: for tests with a local app only. */
  allowLoopbackDocuments: boolean;
}

/** The OAUTH_* variables of apps connecting themselves, spread into config.ts's Env. */
export const OAuthAppsEnv = {
  OAUTH_CLIENT_DOCUMENTS_ALLOW_LOOPBACK: z.stringbool().default(false),
};

export function oauthAppsConfig(e: z.infer<z.ZodObject<typeof OAuthAppsEnv>>): OAuthAppsConfig {
  return { allowLoopbackDocuments: e.OAUTH_CLIENT_DOCUMENTS_ALLOW_LOOPBACK };
}

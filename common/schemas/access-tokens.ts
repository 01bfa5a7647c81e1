import { z } from 'zod';
import {
  ACCESS_TOKEN_EXPIRY_DAYS,
  ACCESS_TOKEN_MESSAGES,
  ACCESS_TOKEN_NAME_MAX_LENGTH,
  ACCESS_TOKEN_SCOPES,
} from '../access-tokens.ts';
import { trimUnseen } from '../unseen-text.ts';
import { PathId } from './api.ts';

/** Payloads and answers of the personal access token calls (docs/api.md, "Personal access tokens"). */

export const AccessTokenName = z
  .string({ error: ACCESS_TOKEN_MESSAGES.nameRequired })
  .overwrite(trimUnseen)
  .min(1, { error: ACCESS_TOKEN_MESSAGES.nameRequired })
  .max(ACCESS_TOKEN_NAME_MAX_LENGTH, { error: ACCESS_TOKEN_MESSAGES.nameTooLong });

export const AccessTokenScopes = z
  .array(z.enum(ACCESS_TOKEN_SCOPES, { error: ACCESS_TOKEN_MESSAGES.scopesRequired }), { error: ACCESS_TOKEN_MESSAGES.scopesRequired })
  .min(1, { error: ACCESS_TOKEN_MESSAGES.scopesRequired })
  .refine((scopes) => new Set(scopes).size === scopes.length, { error: ACCESS_TOKEN_MESSAGES.scopesRepeated });

const ExpiryDays = z.union(
  ACCESS_TOKEN_EXPIRY_DAYS.map((days) => z.literal(days)),
  { error: ACCESS_TOKEN_MESSAGES.expiryInvalid },
);

/** POST /auth/tokens */
export const CreateAccessTokenBody = z.strictObject({
  name: AccessTokenName,
  scopes: AccessTokenScopes,
  expires_in_days: ExpiryDays,
});
export type CreateAccessTokenBody = z.infer<typeof CreateAccessTokenBody>;

/** A token as its owner sees it: never the secret, which only the creation's answer carries. */
export const AccessTokenView = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(ACCESS_TOKEN_SCOPES)),
  created_at: z.string(),
  /** To the minute: written at most once a minute. Null until first used. */
  last_used_at: z.string().nullable(),
  expires_at: z.string(),
});
export type AccessTokenView = z.infer<typeof AccessTokenView>;

export const AccessTokensResponse = z.object({ tokens: z.array(AccessTokenView) });
export type AccessTokensResponse = z.infer<typeof AccessTokensResponse>;

/** The creation's answer: the token, and its secret, shown this once. */
export const CreatedAccessTokenResponse = z.object({ token: AccessTokenView, secret: z.string() });
export type CreatedAccessTokenResponse = z.infer<typeof CreatedAccessTokenResponse>;

export const AccessTokenParams = z.object({ id: PathId });

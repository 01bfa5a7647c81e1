import { z } from 'zod';
import { APP_AUTHORIZATION_PARAMS, DELEGABLE_SCOPES, REGISTRATION_LIMITS } from '../oauth-apps.ts';

/** Discovery, registration and consent of apps connecting by OAuth (docs/api.md, "Apps connecting by OAuth"). */

/** RFC 9728: what the MCP endpoint is and who issues its tokens. */
export const ProtectedResourceMetadata = z.object({
  resource: z.string(),
  authorization_servers: z.array(z.string()),
  scopes_supported: z.array(z.enum(DELEGABLE_SCOPES)),
  bearer_methods_supported: z.array(z.literal('header')),
  resource_name: z.string(),
});

/** RFC 8414, with client ID metadata documents' flag. */
export const AuthorizationServerMetadata = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  registration_endpoint: z.string(),
  scopes_supported: z.array(z.enum(DELEGABLE_SCOPES)),
  response_types_supported: z.array(z.literal('code')),
  grant_types_supported: z.array(z.enum(['authorization_code', 'refresh_token'])),
  token_endpoint_auth_methods_supported: z.array(z.literal('none')),
  code_challenge_methods_supported: z.array(z.literal('S256')),
  client_id_metadata_document_supported: z.boolean(),
});

const Uri = z.string().max(REGISTRATION_LIMITS.uriMaxLength);

/**
 * RFC 7591 2: the fields read; others are allowed and ignored (the standard has many, and
 * clients send them). Only public clients (`none`) with the code grant register.
 */
export const ClientRegistrationBody = z.looseObject({
  redirect_uris: z.array(Uri).min(1).max(REGISTRATION_LIMITS.maxRedirectUris),
  client_name: z.string().trim().min(1).max(REGISTRATION_LIMITS.nameMaxLength).optional(),
  token_endpoint_auth_method: z.string().optional(),
  grant_types: z.array(z.string()).optional(),
  response_types: z.array(z.string()).optional(),
});
export type ClientRegistrationBody = z.infer<typeof ClientRegistrationBody>;

/** RFC 7591 3.2.1. */
export const ClientRegistrationResponse = z.object({
  client_id: z.string(),
  client_id_issued_at: z.number().int(),
  client_name: z.string(),
  redirect_uris: z.array(z.string()),
  grant_types: z.array(z.string()),
  response_types: z.array(z.string()),
  token_endpoint_auth_method: z.literal('none'),
});

/** An app's authorization request as the consent page passes it on: the parameters it names, as strings. */
export const AppAuthorizationQuery = z.object(
  Object.fromEntries(APP_AUTHORIZATION_PARAMS.map((name) => [name, z.string().max(REGISTRATION_LIMITS.uriMaxLength).optional()])) as Record<
    (typeof APP_AUTHORIZATION_PARAMS)[number],
    z.ZodOptional<z.ZodString>
  >,
);
export type AppAuthorizationQuery = z.infer<typeof AppAuthorizationQuery>;

export const AppDecisionBody = AppAuthorizationQuery.extend({ decision: z.enum(['allow', 'deny']) });
export type AppDecisionBody = z.infer<typeof AppDecisionBody>;

/**
 * What the consent page shows (`consent`), or where the browser goes at once because the request
 * is wrong in a way the app should hear of (`redirect`, RFC 6749 4.1.2.1).
 */
export const AppAuthorizationView = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('consent'),
    client: z.object({
      name: z.string(),
      /** The host the browser returns to, which is what the user can check. */
      redirect_host: z.string(),
    }),
    scopes: z.array(z.enum(DELEGABLE_SCOPES)),
  }),
  z.object({ outcome: z.literal('redirect'), location: z.string() }),
]);
export type AppAuthorizationView = z.infer<typeof AppAuthorizationView>;

/** Where the browser goes after the user's decision: back to the app, with a code or `access_denied`. */
export const AppDecisionResponse = z.object({ location: z.string() });
export type AppDecisionResponse = z.infer<typeof AppDecisionResponse>;

/** The token endpoint's form (RFC 6749 4.1.3 and 6, RFC 7636 4.5, RFC 8707 2.2): each field once. */
export const AppTokenBody = z.looseObject({
  grant_type: z.string().optional(),
  client_id: z.string().optional(),
  code: z.string().optional(),
  redirect_uri: z.string().optional(),
  code_verifier: z.string().optional(),
  refresh_token: z.string().optional(),
  resource: z.string().optional(),
  scope: z.string().optional(),
});

/** RFC 6749 5.1. */
export const AppTokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  scope: z.string(),
});

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_BASE_PATH } from '../../common/constants.ts';
import {
  APP_REGISTRATION_PATH,
  APP_TOKEN_PATH,
  AUTHORIZATION_SERVER_METADATA_PATH,
  CONSENT_PAGE_PATH,
  DELEGABLE_SCOPES,
  PROTECTED_RESOURCE_METADATA_PATH,
} from '../../common/oauth-apps.ts';
import { MCP_PATH } from '../../common/mcp.ts';
import { AuthorizationServerMetadata, ProtectedResourceMetadata } from '../../common/schemas/oauth-apps.ts';

/** How long clients may keep the documents: they change only with PUBLIC_URL. */
const DISCOVERY_CACHE = 'public, max-age=3600';

/**
 * The discovery documents an app reads first (docs/api.md, "Apps connecting by OAuth"): the MCP
 * endpoint's protected resource metadata (RFC 9728; at the well-known path, and at it with the
 * endpoint's path after it, as 3.1 builds it) and this server's authorization server metadata
 * (RFC 8414). Readable from any web page: they hold nothing private.
 */
export function discoveryRoutes(publicUrl: string): FastifyPluginAsyncZod {
  const resource = {
    resource: `${publicUrl}${MCP_PATH}`,
    authorization_servers: [publicUrl],
    scopes_supported: [...DELEGABLE_SCOPES],
    bearer_methods_supported: ['header' as const],
    resource_name: 'Listo',
  };
  const server = {
    issuer: publicUrl,
    authorization_endpoint: `${publicUrl}${CONSENT_PAGE_PATH}`,
    token_endpoint: `${publicUrl}${API_BASE_PATH}${APP_TOKEN_PATH}`,
    registration_endpoint: `${publicUrl}${API_BASE_PATH}${APP_REGISTRATION_PATH}`,
    scopes_supported: [...DELEGABLE_SCOPES],
    response_types_supported: ['code' as const],
    grant_types_supported: ['authorization_code' as const, 'refresh_token' as const],
    token_endpoint_auth_methods_supported: ['none' as const],
    code_challenge_methods_supported: ['S256' as const],
    client_id_metadata_document_supported: true,
  };
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('access-control-allow-origin', '*').header('cache-control', DISCOVERY_CACHE);
    });
    const resourceSchema = { response: { 200: ProtectedResourceMetadata } };
    app.get(PROTECTED_RESOURCE_METADATA_PATH, { schema: resourceSchema }, async () => resource);
    app.get(`${PROTECTED_RESOURCE_METADATA_PATH}${MCP_PATH}`, { schema: resourceSchema }, async () => resource);
    app.get(AUTHORIZATION_SERVER_METADATA_PATH, { schema: { response: { 200: AuthorizationServerMetadata } } }, async () => server);
  };
}

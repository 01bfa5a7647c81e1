import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { MCP_MESSAGES, MCP_PATH, MCP_STREAM_CHECK_MS } from '../../common/mcp.ts';
import type { Authenticator } from '../access/actor.ts';
import { createAiGate } from '../ai/ai.routes.ts';
import type { AiService } from '../ai/ai.service.ts';
import { actorOf, actorOfToken, bearerToken, registerAuthentication } from '../http/authenticate.ts';
import { forbidden } from '../domain/errors.ts';
import { registerTextGuard } from '../http/text-guard.ts';
import { createMcpServer } from './mcp.server.ts';
import { createMcpStreams } from './mcp-streams.ts';
import type { ToolServices } from './mcp.tools.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The MCP transport answers what it refuses (a missing Accept, a malformed message) in JSON-RPC's
     * format (`{"jsonrpc", "error": {"code", "message"}, "id"}`), which MCP clients read; what the
     * app refuses before (401, 403, 400) is in the API's envelope.
     */
    jsonRpcErrors?: boolean;
  }
}

export interface McpDeps {
  authenticators: readonly Authenticator[];
  publicUrl: string;
  /** Told of every user whose credentials ended somewhere (server/realtime: the change feed). */
  credentialsEnded: (listener: (userId: string) => void) => () => void;
  services: ToolServices;
  ai: AiService | undefined;
  rateLimitAi: number;
  log: FastifyBaseLogger;
}

/**
 * The MCP server at /mcp (docs/api.md, "MCP"; decision 058): Streamable HTTP, stateless (every
 * request carries its bearer token; no MCP session is kept), answering POSTs with JSON. A GET opens
 * the event stream the transport offers for messages from the server; it ends when the token that
 * opened it stops working. A 401 names the protected-resource metadata (RFC 9728), as the MCP
 * authorization spec asks.
 */
export function mcpRoutes(deps: McpDeps): FastifyPluginAsync {
  return async (app) => {
    const publicOrigin = new URL(deps.publicUrl).origin;
    // Its 401s name the protected-resource metadata, and it takes only the apps' tokens bound to it.
    registerAuthentication(app, deps.authenticators, { publicUrl: deps.publicUrl });
    registerTextGuard(app);
    const aiGate = createAiGate(app, deps.ai, deps.rateLimitAi);
    const streams = createMcpStreams({
      authenticate: (token) => actorOfToken(deps.authenticators, token),
      credentialsEnded: deps.credentialsEnded,
      checkMs: MCP_STREAM_CHECK_MS,
      log: deps.log,
    });
    app.addHook('preClose', async () => streams.close());

    app.route({
      method: ['GET', 'POST', 'DELETE'],
      url: MCP_PATH,
      config: { delegated: true, resource: 'mcp', jsonRpcErrors: true },
      handler: async (request, reply) => {
        // A web page of another site must not drive the endpoint (DNS rebinding); apps send no Origin.
        const origin = request.headers.origin;
        if (origin !== undefined && origin !== publicOrigin) throw forbidden(MCP_MESSAGES.originRefused);
        const actor = actorOf(request);
        const server = createMcpServer({ actor, ...deps.services, aiService: () => aiGate(request) }, request.log);
        const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
        await server.connect(transport);
        const end = () => void server.close();
        const stream = request.method === 'GET' ? streams.open(actor.user.id, { token: bearerToken(request)!, end }) : undefined;
        reply.raw.on('close', () => {
          stream?.forget();
          end();
        });
        reply.hijack();
        await transport.handleRequest(request.raw, reply.raw, request.body);
      },
    });
  };
}

import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { APP_VERSION } from '../../common/constants.ts';
import { MCP_INSTRUCTIONS, MCP_MESSAGES } from '../../common/mcp.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { validationMessage } from '../http/error-handler.ts';
import { DomainError } from '../domain/errors.ts';
import { MCP_TOOLS, type ToolContext } from './mcp.tools.ts';

/** The tools as the protocol lists them: their inputs as JSON Schema, made from the same zod schemas that validate them. */
const TOOL_LIST: Tool[] = MCP_TOOLS.map((tool) => ({
  name: tool.name,
  title: tool.title,
  description: tool.description,
  inputSchema: z.toJSONSchema(tool.input, { io: 'input', target: 'draft-2020-12' }) as Tool['inputSchema'],
  annotations: { title: tool.title, openWorldHint: false, ...tool.hints },
}));

const text = (value: string, isError = false): CallToolResult => ({ content: [{ type: 'text', text: value }], ...(isError && { isError }) });

/**
 * A refusal as a tool error (`isError`), with the message the REST API gives for it: an DomainError's
 * own, a refused input's first problem as the API words it. Anything else is ours, logged, and
 * says nothing of the internals.
 */
function toolError(error: unknown, log: FastifyBaseLogger): CallToolResult {
  if (error instanceof DomainError) return text(error.message, true);
  if (error instanceof z.ZodError) {
    const issue = error.issues[0]!;
    return text(validationMessage(issue.path.join('.'), issue.message), true);
  }
  log.error({ err: error }, 'MCP tool call failed');
  return text(SERVER_MESSAGES.internal, true);
}

/**
 * One MCP server for one request's caller (stateless Streamable HTTP: each request brings its
 * token, and nothing is kept between requests). Every tool runs as the caller's actor through the
 * REST API's services, so the permission matrix, the token's scopes and the change feed apply as
 * they do there.
 */
export function createMcpServer(context: ToolContext, log: FastifyBaseLogger): Server {
  const server = new Server({ name: 'listo', title: 'Listo', version: APP_VERSION }, { capabilities: { tools: {} }, instructions: MCP_INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOL_LIST }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = MCP_TOOLS.find((candidate) => candidate.name === request.params.name);
    if (!tool) return text(MCP_MESSAGES.unknownTool(request.params.name), true);
    try {
      const result = await tool.run(context, tool.input.parse(request.params.arguments ?? {}));
      return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result };
    } catch (error) {
      return toolError(error, log);
    }
  });
  return server;
}

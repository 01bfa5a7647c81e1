import { MCP_PATH } from '../../common/mcp.ts';
import { OPENAPI_BEARER as BEARER } from '../http/openapi.ts';

const JSON_RPC = { type: 'object', description: 'A JSON-RPC 2.0 message of the Model Context Protocol.' };

/**
 * The MCP endpoint in the API's OpenAPI document: its transport and credentials. What it offers
 * (its tools and their inputs) the server says itself, to MCP clients, in `tools/list`; docs/api.md,
 * "MCP", says what each does.
 */
export const MCP_OPENAPI_PATHS = {
  [MCP_PATH]: {
    summary: 'The MCP server (Streamable HTTP, stateless): docs/api.md, "MCP"',
    post: {
      description: 'One JSON-RPC message from an MCP client, answered in JSON, as the bearer of a personal access token or an app token bound to this resource.',
      security: [{ [BEARER]: [] }],
      requestBody: { required: true, content: { 'application/json': { schema: JSON_RPC } } },
      responses: {
        '200': { description: 'The JSON-RPC answer; a refused tool call is a result with `isError` and the API\'s message.', content: { 'application/json': { schema: JSON_RPC } } },
        '202': { description: 'A notification or a response from the client, taken.' },
        '401': { description: 'No usable token: `WWW-Authenticate` names the protected-resource metadata (RFC 9728).', content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } },
        '403': { description: 'A web page of another site (Origin), or a scope the token lacks.', content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } },
      },
    },
    get: {
      description: 'The event stream the transport offers for messages from the server; it ends when its token stops working.',
      security: [{ [BEARER]: [] }],
      responses: { '200': { description: 'An event stream.', content: { 'text/event-stream': {} } }, '401': { description: 'No usable token.' } },
    },
    delete: {
      description: 'Ends an MCP session; the server keeps none, so there is nothing to end.',
      security: [{ [BEARER]: [] }],
      responses: { '200': { description: 'Nothing ended: no sessions are kept.' }, '401': { description: 'No usable token.' } },
    },
  },
};

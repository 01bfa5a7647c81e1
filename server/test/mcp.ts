import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { MCP_PATH } from '../../common/mcp.ts';
import type { TestApp } from './test-app.ts';

/** Test helpers of the MCP server: the SDK's own client against the test app on a real loopback port. */

/** The test app's /mcp URL (it listens on a free loopback port, once). */
export async function mcpUrl(t: TestApp): Promise<URL> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return new URL(`http://127.0.0.1:${port}${MCP_PATH}`);
}

/** An MCP client connected with `token` as its bearer token. */
export async function connectMcp(t: TestApp, token: string): Promise<Client> {
  const client = new Client({ name: 'listo-test', version: '1.0.0' });
  client.onerror = () => {};
  await client.connect(new StreamableHTTPClientTransport(await mcpUrl(t), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  return client;
}

/** Calls a tool; answers its result as the client got it. */
export async function callTool(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The structured answer of a tool that succeeded (throws with the tool's message when it did not). */
// Answers of many shapes; each test asserts the fields it cares about.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function toolAnswer(client: Client, name: string, args: Record<string, unknown>): Promise<any> {
  const result = await callTool(client, name, args);
  if (result.isError) throw new Error(`${name}: ${textOf(result)}`);
  return result.structuredContent;
}

export const textOf = (result: CallToolResult): string => result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');

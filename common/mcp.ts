/**
 * The MCP server (docs/api.md, "MCP"): where it is, and what it says of itself. Defined once.
 */

/** The endpoint of the MCP server, at the root of the host (not under the API base). */
export const MCP_PATH = '/mcp';

/** Items a read_items page holds when the model names no limit: enough for most lists, little of its context. */
export const MCP_ITEMS_PAGE_DEFAULT = 100;

/**
 * How often an open MCP stream checks that its credentials still work, for those that simply
 * expired (a revocation closes it at once).
 */
export const MCP_STREAM_CHECK_MS = 30_000;

/** What the server tells the model about itself when a client connects. */
export const MCP_INSTRUCTIONS =
  "Listo holds the user's shared checklists (shopping lists, to-do lists). Find a list with find_lists first, then read, add, check off, rename, remove or sort its items by the list's id. Changes show at once on every device of everyone the list is shared with, and the list says your app made them.";

export const MCP_MESSAGES = {
  unknownTool: (name: string) => `There is no tool named ${name}.`,
  originRefused: 'Requests from web pages of other sites are refused.',
} as const;

/** Parses a client's message; undefined when it is not JSON. (Replaced by the shared depth-limited parser.) */
export function parseJsonLimited(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

import type { AiTier } from '../../../common/ai.ts';

/**
 * One cloud model API (Gemini, or an OpenAI-compatible server) reduced to what Listo asks of it:
 * instructions and input in, JSON text matching a schema out. The adapters (gemini.ts, openai.ts)
 * speak each API's wire format through its official SDK; structured.ts validates and retries.
 */
export interface ChatModel {
  readonly kind: 'gemini' | 'openai';
  /** The configured model id of a tier. */
  model(tier: AiTier): string;
  /**
   * The model's answer text. Throws an DomainError (ai-errors.ts): `busy` on the API's 429, `timeout`
   * when `signal` fired, `failed` on anything else that is not an answer.
   */
  complete(request: ModelRequest, signal: AbortSignal): Promise<string | undefined>;
}

export interface ModelRequest {
  model: string;
  /** The task (system instructions). */
  instructions: string;
  /** The data of the task (the user's turn). */
  input: string;
  /** A photo sent beside the input. */
  image?: { mimeType: string; base64: string };
  /** The JSON schema the answer must match, and a name for it (OpenAI asks for one). */
  schema: { name: string; json: Record<string, unknown> };
}

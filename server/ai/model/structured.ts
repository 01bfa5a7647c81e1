import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { AiTier } from '../../../common/ai.ts';
import { DomainError } from '../../domain/errors.ts';
import { isStorableText } from '../../http/text-guard.ts';
import { aiErrors } from '../ai-errors.ts';
import type { ChatModel } from './chat-model.ts';

/**
 * Structured output: the answer's zod schema goes to the model as JSON schema, and what comes back
 * is parsed and validated with the same schema. An answer that is not valid JSON for it is asked
 * for once more, with what was wrong; a second bad answer is a 502, and the caller applies nothing.
 */

export interface StructuredOptions {
  timeoutMs: number;
  log: FastifyBaseLogger;
}

export interface StructuredRequest<T> {
  tier: AiTier;
  instructions: string;
  input: string;
  image?: { mimeType: string; base64: string };
  /** A name for the schema (letters, digits, `_`), as OpenAI's API wants one. */
  name: string;
  schema: z.ZodType<T>;
}

/** Keywords that structured-output APIs refuse or ignore; zod checks them on the answer anyway. */
const UNSENT_KEYWORDS = new Set(['$schema', 'minLength', 'maxLength', 'pattern', 'format']);

/** The schema as the model gets it: JSON schema without the keywords some APIs refuse, and no unbounded integer limits. */
export function wireSchema(schema: z.ZodType): Record<string, unknown> {
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (node === null || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node)
        .filter(([key, value]) => !UNSENT_KEYWORDS.has(key) && !(typeof value === 'number' && Math.abs(value) >= Number.MAX_SAFE_INTEGER))
        .map(([key, value]) => [key, strip(value)]),
    );
  };
  return strip(z.toJSONSchema(schema, { io: 'output' })) as Record<string, unknown>;
}

/** What was wrong with an answer, in a line the model can act on. */
function problemOf(text: string | undefined, schema: z.ZodType): string | undefined {
  if (text === undefined || text.trim() === '') return 'The answer was empty.';
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'The answer was not valid JSON.';
  }
  // What a request may not send, an answer may not store either (nor cache for everyone's same names).
  if (!isStorableText(value)) return 'The answer held a NUL character or an unpaired surrogate.';
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  const issue = result.error.issues[0]!;
  return `The answer did not match the schema at ${issue.path.join('.') || 'the top level'}: ${issue.message}.`;
}

export async function askStructured<T>(chat: ChatModel, request: StructuredRequest<T>, options: StructuredOptions): Promise<T> {
  const model = chat.model(request.tier);
  const json = wireSchema(request.schema);
  let input = request.input;
  for (let attempt = 1; attempt <= 2; attempt++) {
    const signal = AbortSignal.timeout(options.timeoutMs);
    let text: string | undefined;
    try {
      text = await chat.complete(
        { model, instructions: request.instructions, input, image: request.image, schema: { name: request.name, json } },
        signal,
      );
    } catch (error) {
      if (error instanceof DomainError) throw error;
      if (signal.aborted) throw aiErrors.timeout();
      options.log.warn({ err: error, model }, 'the AI model call failed');
      throw aiErrors.failed();
    }
    const problem = problemOf(text, request.schema);
    if (problem === undefined) return request.schema.parse(JSON.parse(text!));
    options.log.warn({ model, attempt, problem }, 'the AI model gave an invalid answer');
    input = `${request.input}\n\nYour previous answer could not be used. ${problem} Answer again with JSON that matches the schema exactly.`;
  }
  throw aiErrors.badOutput();
}

import type { FastifyBaseLogger } from 'fastify';
import OpenAI from 'openai';
import { AI_ANSWER_MAX_BYTES } from '../../../common/ai.ts';
import type { ChatCompletionContentPart } from 'openai/resources/chat/completions';
import { aiErrors, providerError } from '../ai-errors.ts';
import { boundedFetch } from './bounded-fetch.ts';
import type { ChatModel, ModelRequest } from './chat-model.ts';

export interface OpenAiConfig {
  /** Unset: OpenAI itself. Ollama, vLLM, LM Studio... give their `/v1` URL. */
  baseUrl?: string;
  /** Servers without keys (Ollama) need none; the SDK wants a string anyway. */
  apiKey?: string;
  /** One model for both tiers: an OpenAI-compatible server usually serves one. */
  model: string;
}

/**
 * Any OpenAI-compatible server through the openai SDK: `chat.completions.create` with
 * `response_format: {type: 'json_schema', json_schema: {name, strict: true, schema}}`, the photo
 * as an `image_url` data URL. The SDK's retries are off, as for Gemini.
 */
export function createOpenAiModel(config: OpenAiConfig, log: FastifyBaseLogger): ChatModel {
  const client = new OpenAI({
    apiKey: config.apiKey ?? 'none',
    baseURL: config.baseUrl,
    maxRetries: 0,
    fetch: boundedFetch(AI_ANSWER_MAX_BYTES),
  });
  return {
    kind: 'openai',
    model: () => config.model,
    async complete(request: ModelRequest, signal: AbortSignal) {
      const content: string | ChatCompletionContentPart[] = request.image
        ? [
            { type: 'text', text: request.input },
            { type: 'image_url', image_url: { url: `data:${request.image.mimeType};base64,${request.image.base64}` } },
          ]
        : request.input;
      try {
        const completion = await client.chat.completions.create(
          {
            model: request.model,
            messages: [
              { role: 'system', content: request.instructions },
              { role: 'user', content },
            ],
            response_format: {
              type: 'json_schema',
              json_schema: { name: request.schema.name, strict: true, schema: request.schema.json },
            },
          },
          { signal },
        );
        // A refusal, or a cut-off answer, has no usable content: structured.ts asks again.
        return completion.choices[0]?.message.content ?? undefined;
      } catch (error) {
        if (signal.aborted) throw aiErrors.timeout();
        const status = error instanceof OpenAI.APIError ? (error.status as number | undefined) : undefined;
        if (status !== 429) log.warn({ err: error, model: request.model }, 'OpenAI-compatible call failed');
        throw providerError(status);
      }
    },
  };
}

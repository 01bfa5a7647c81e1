import { ApiError, GoogleGenAI } from '@google/genai';
import type { FastifyBaseLogger } from 'fastify';
import { AI_ANSWER_MAX_BYTES, type AiTier } from '../../../common/ai.ts';
import { aiErrors, providerError } from '../ai-errors.ts';
import { boundedFetch } from './bounded-fetch.ts';
import type { ChatModel, ModelRequest } from './chat-model.ts';

export interface GeminiConfig {
  apiKey: string;
  models: Record<AiTier, string>;
  /** Another endpoint than Google's (a proxy, or the tests' local fake). */
  baseUrl?: string;
}

/**
 * Gemini through @google/genai: `models.generateContent` with the schema as
 * `responseJsonSchema` and `responseMimeType: application/json`, the photo as `inlineData`.
 * The SDK's own retries stay off: a 429 or a failure is answered at once (structured.ts decides
 * what is retried).
 */
export function createGeminiModel(config: GeminiConfig, log: FastifyBaseLogger): ChatModel {
  const client = new GoogleGenAI({
    apiKey: config.apiKey,
    httpOptions: {
      ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
      retryOptions: { attempts: 1 },
      fetch: boundedFetch(AI_ANSWER_MAX_BYTES),
    },
  });
  return {
    kind: 'gemini',
    model: (tier) => config.models[tier],
    async complete(request: ModelRequest, signal: AbortSignal) {
      try {
        const response = await client.models.generateContent({
          model: request.model,
          contents: [
            {
              role: 'user',
              parts: [
                { text: request.input },
                ...(request.image ? [{ inlineData: { mimeType: request.image.mimeType, data: request.image.base64 } }] : []),
              ],
            },
          ],
          config: {
            systemInstruction: request.instructions,
            responseMimeType: 'application/json',
            responseJsonSchema: request.schema.json,
            temperature: 0,
            abortSignal: signal,
          },
        });
        return response.text;
      } catch (error) {
        if (signal.aborted) throw aiErrors.timeout();
        const status = error instanceof ApiError ? error.status : undefined;
        if (status !== 429) log.warn({ err: error, model: request.model }, 'Gemini call failed');
        throw providerError(status);
      }
    },
  };
}

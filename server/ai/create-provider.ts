import type { FastifyBaseLogger } from 'fastify';
import type { AiTier } from '../../common/ai.ts';
import type { AiProvider } from './ai-provider.ts';
import { createGeminiModel } from './model/gemini.ts';
import { createModelProvider } from './model/model-provider.ts';
import { createOpenAiModel } from './model/openai.ts';
import type { TurnLimits } from './offline/fair-turns.ts';
import { createOfflineProvider } from './offline/offline-provider.ts';

/** The AI provider of this server, from config (README, "Configuration"): one, chosen at start. */
export type AiConfig =
  | { provider: 'none' }
  /** `photoTurns`: the bounds of the OCR's turns between users, when not the defaults (tests shorten them). */
  | { provider: 'offline'; photoTurns?: Partial<TurnLimits> }
  | { provider: 'gemini'; apiKey: string; baseUrl?: string; models: Record<AiTier, string>; timeoutMs: number }
  | { provider: 'openai'; baseUrl?: string; apiKey?: string; model: string; timeoutMs: number };

/**
 * Google's aliases of its current Flash and Pro models: Standard and Expensive keep working when a
 * model is retired (the spec's gemini-1.5-flash was). Pin an id with GEMINI_MODEL_* for answers
 * that do not change under you.
 */
export const GEMINI_DEFAULT_MODELS: Record<AiTier, string> = {
  standard: 'gemini-flash-latest',
  expensive: 'gemini-pro-latest',
};

export const AI_DEFAULT_TIMEOUT_MS = 30_000;

/** The provider, or undefined when AI is off (`AI_PROVIDER=none`): every AI call then answers 501. */
export function createAiProvider(config: AiConfig, log: FastifyBaseLogger): AiProvider | undefined {
  switch (config.provider) {
    case 'none':
      return undefined;
    case 'offline':
      return createOfflineProvider({ photoTurns: config.photoTurns });
    case 'gemini':
      return createModelProvider(createGeminiModel(config, log), { timeoutMs: config.timeoutMs, log });
    case 'openai':
      return createModelProvider(createOpenAiModel(config, log), { timeoutMs: config.timeoutMs, log });
  }
}

import type { FastifyBaseLogger } from 'fastify';
import type { AiConfig } from './ai.config.ts';
import type { AiProvider } from './ai-provider.ts';
import { createGeminiModel } from './model/gemini.ts';
import { createModelProvider } from './model/model-provider.ts';
import { createOpenAiModel } from './model/openai.ts';
import { createOfflineProvider } from './offline/offline-provider.ts';

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

import { z } from 'zod';
import type { AiTier } from '../../common/ai.ts';
import { refuseSetting } from '../config-error.ts';
import type { TurnLimits } from './offline/fair-turns.ts';

/** The AI provider of this server, from config (README, "Configuration"): one, chosen at start. */
export type AiConfig =
  | { provider: 'none' }
  /** `photoTurns`: the bounds of the OCR's turns between users, when not the defaults (tests shorten them). */
  | { provider: 'offline'; photoTurns?: Partial<TurnLimits> }
  | { provider: 'gemini'; apiKey: string; baseUrl?: string; models: Record<AiTier, string>; timeoutMs: number }
  | { provider: 'openai'; baseUrl?: string; apiKey?: string; model: string; timeoutMs: number };

/**
 * Google's aliases of its current Flash and Pro models: Standard and Expensive keep working when a
 * model is retired (gemini-1.5-flash, which the `provider` values still name, was). Pin an id
 * with GEMINI_MODEL_* for answers that do not change under you.
 */
export const GEMINI_DEFAULT_MODELS: Record<AiTier, string> = {
  standard: 'gemini-flash-latest',
  expensive: 'gemini-pro-latest',
};

export const AI_DEFAULT_TIMEOUT_MS = 30_000;

/** The AI_*, GEMINI_*, OPENAI_* variables and RATE_LIMIT_AI (docs/api.md, "AI"; README, "Configuration"), spread into config.ts's Env. */
export const AiEnv = {
  AI_PROVIDER: z.enum(['gemini', 'openai', 'offline', 'none']).optional(),
  GEMINI_API_KEY: z.string().optional(),
  GEMINI_BASE_URL: z.url().optional(),
  GEMINI_MODEL_STANDARD: z.string().default(GEMINI_DEFAULT_MODELS.standard),
  GEMINI_MODEL_EXPENSIVE: z.string().default(GEMINI_DEFAULT_MODELS.expensive),
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_MODEL: z.string().optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1).default(AI_DEFAULT_TIMEOUT_MS),
  RATE_LIMIT_AI: z.coerce.number().int().min(0).default(30),
};

/**
 * The provider: AI_PROVIDER, or Gemini with a Gemini key, an OpenAI-compatible server with its
 * URL or key, and the offline assistant with neither. A cloud provider without what it needs is
 * refused at start, naming the variable.
 */
type AiEnvValues = z.infer<z.ZodObject<typeof AiEnv>>;

export function aiConfig(e: AiEnvValues): AiConfig {
  const provider = e.AI_PROVIDER ?? (e.GEMINI_API_KEY ? 'gemini' : e.OPENAI_BASE_URL || e.OPENAI_API_KEY ? 'openai' : 'offline');
  const timeoutMs = e.AI_TIMEOUT_MS;
  switch (provider) {
    case 'gemini':
      if (!e.GEMINI_API_KEY) refuseSetting('GEMINI_API_KEY', 'required when AI_PROVIDER is gemini');
      return {
        provider,
        apiKey: e.GEMINI_API_KEY,
        baseUrl: e.GEMINI_BASE_URL,
        models: { standard: e.GEMINI_MODEL_STANDARD, expensive: e.GEMINI_MODEL_EXPENSIVE },
        timeoutMs,
      };
    case 'openai':
      if (!e.OPENAI_MODEL) {
        refuseSetting('OPENAI_MODEL', 'required for an OpenAI-compatible server (the model it serves, e.g. llama3.2)');
      }
      return { provider, baseUrl: e.OPENAI_BASE_URL, apiKey: e.OPENAI_API_KEY, model: e.OPENAI_MODEL, timeoutMs };
    default:
      return { provider };
  }
}

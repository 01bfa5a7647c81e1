import type { AiDepartment, AiPriority, AiTier } from '../../common/ai.ts';
import type { Photo } from './photo.ts';

/**
 * What every AI provider does, in the app's terms: the cloud models (model/model-provider.ts, over
 * Gemini or an OpenAI-compatible server) and the built-in offline assistant (offline/). Chosen once
 * from config (create-provider.ts); services never know which. Answers come back validated, one
 * per name asked, in the order asked; a failure is an DomainError (ai-errors.ts) and nothing is
 * half-answered.
 */
export interface AiProvider {
  readonly kind: 'offline' | 'gemini' | 'openai';
  /**
   * The model a tier runs, as answers are cached under it (ai.queries.ts); undefined when answers
   * cost nothing to compute again (offline), so none are stored.
   */
  cacheModel(tier: AiTier): string | undefined;
  /** Department (in walking order), category and common priority of each name. */
  classify(names: readonly string[], tier: AiTier): Promise<Classification[]>;
  /** Each name in `language` (a two-letter code); undefined for a name the provider cannot translate. */
  translate(names: readonly string[], language: string, tier: AiTier): Promise<(string | undefined)[]>;
  /**
   * Whether it can run this custom prompt at all: a model runs any; the offline assistant only
   * those it understands. A run of the list's prompts skips the others and names them.
   */
  runsPrompt(prompt: string): boolean;
  /** A custom prompt run over the names: the properties it sets on each (none for some, maybe). */
  runPrompt(prompt: string, names: readonly string[], tier: AiTier): Promise<PropertyValues[]>;
  /**
   * The items written on a photographed list, as a person would type them ("2 bottles milk").
   * `userId`: whose photo it is; the built-in assistant reads one photo at a time, in turns between users.
   */
  readPhoto(photo: Photo, tier: AiTier, userId: string): Promise<string[]>;
  /** Frees what the provider holds (the OCR worker). */
  close(): Promise<void>;
}

export interface Classification {
  department: AiDepartment;
  category: string;
  priority: AiPriority;
}

/** Properties a prompt sets on one item: snake_case keys, short text values. */
export type PropertyValues = Record<string, string>;

import { z } from 'zod';

/**
 * POST /alexa/skill: Alexa's response envelope (its version and the `response` it speaks), in the
 * format Alexa's skill interface defines; Listo checks only its frame.
 */
export const AlexaSkillResponse = z.looseObject({ version: z.string(), response: z.looseObject({}) });

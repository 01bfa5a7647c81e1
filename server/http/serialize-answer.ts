import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

/**
 * Answers are serialised with `JSON.stringify`. Compiling each route's response schema
 * (fast-json-stringify) wrote a 500-item page faster, but as a string of thousands of pieces that
 * V8 must join before it can count and send its bytes: the read as a whole cost more CPU
 * (docs/decisions/065). Nothing is validated in production: tests check every answer against its
 * zod schema, undocumented fields included (answer-contract.ts).
 */
export const serializeAnswer: FastifySerializerCompiler<unknown> = ({ schema }) => {
  if (!(schema instanceof z.ZodType)) throw new TypeError('A response schema is a zod schema (common/schemas/)');
  return (data: unknown) => JSON.stringify(data);
};

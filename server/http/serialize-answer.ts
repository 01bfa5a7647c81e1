import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

/**
 * Answers are serialised from their route's response schema: fast-json-stringify compiles the
 * schema's JSON Schema into a function that writes just the documented fields (a 500-item page in
 * about 10% less time than JSON.stringify; docs/performance.md, docs/decisions/065). It checks
 * nothing: tests check every answer against its zod schema instead (answer-contract.ts), so
 * production pays no validation.
 */
export const serializeAnswer: FastifySerializerCompiler<unknown> = ({ schema }) => {
  if (!(schema instanceof z.ZodType)) throw new TypeError('A response schema is a zod schema (common/schemas/)');
  return fastJson(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }) as never) as (data: unknown) => string;
};

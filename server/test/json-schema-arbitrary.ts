import fc from 'fast-check';

/** The part of JSON Schema that zod's `z.toJSONSchema()` writes for our payloads. */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  not?: JsonSchema;
  $ref?: string;
}

/** `{"not": {}}`: a property that must be absent (zod's `z.never().optional()`). */
const isNever = (schema: JsonSchema) => schema.not !== undefined && Object.keys(schema.not).length === 0;

/**
 * Values a JSON schema accepts, mostly: formats and patterns are honoured where fast-check can
 * (e-mail addresses, regular expressions), and `$ref` (zod writes it only for `z.json()`) is
 * any JSON value. Generated requests built on these reach past validation into the services.
 */
export function arbitraryOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map(arbitraryOf));
  switch (schema.type) {
    case 'object':
      return objectOf(schema);
    case 'array':
      return fc.array(arbitraryOf(schema.items ?? {}), { minLength: schema.minItems, maxLength: schema.maxItems });
    case 'string':
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      if (schema.format === 'email') return fc.emailAddress();
      return fc.string({ minLength: schema.minLength, maxLength: schema.maxLength });
    case 'integer':
      return fc.integer({ min: schema.minimum, max: schema.maximum });
    case 'number':
      return fc.double({ min: schema.minimum, max: schema.maximum, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 3 });
  }
}

function objectOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.properties) {
    const entries = Object.entries(schema.properties).filter(([, property]) => !isNever(property));
    const shape = Object.fromEntries(entries.map(([key, property]) => [key, arbitraryOf(property)]));
    return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((key) => key in shape) });
  }
  const values = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : {};
  return fc.dictionary(arbitraryOf(schema.propertyNames ?? { type: 'string' }) as fc.Arbitrary<string>, arbitraryOf(values), {
    maxKeys: 5,
  });
}

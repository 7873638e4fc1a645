import { z } from 'zod';

/** The parts of a JSON Schema the route tests read. */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  required?: string[];
  additionalProperties?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** What a route's zod schema accepts as input, as JSON Schema; undefined when it has none. */
export function inputJsonSchema(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** A letter only Vietnamese (or at least a Latin-with-diacritics language) writes. */
export const VIETNAMESE_LETTER = /[À-ỹ]/u;

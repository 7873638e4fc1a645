import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as checkingSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;

/**
 * Without `additionalProperties: false`: fast-json-stringify writes only the listed properties
 * either way, but it picks a union's branch (and a nullable object's) by validating the value,
 * and with the `false` a row carrying one more column would match no branch and fail the answer,
 * where zod dropped the column.
 */
function allowingOtherFields(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(allowingOtherFields);
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, allowingOtherFields(value)]),
  );
}

/** A route's zod response schema as fast-json-stringify's JSON Schema (the output's shape). */
function compile(schema: z.ZodType): Serialize {
  const jsonSchema = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'any',
  });
  return fastJson(allowingOtherFields(jsonSchema) as Parameters<typeof fastJson>[0]) as Serialize;
}

/**
 * Answers are written by a serializer compiled from the route's zod response schema (decision
 * 0007), instead of zod checking each answer before `JSON.stringify` writes it, which is a
 * noticeable share of a feed page. Like the check, it writes only the schema's fields, so
 * a row's other columns never leave the server, and a required field that is missing fails the
 * answer. TypeScript (the type provider) keeps the handlers' answers to the schema. Each route's
 * serializer is compiled when the route first answers, so start-up does not wait for all.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = (routeSchema) => {
  const { schema } = routeSchema;
  if (!(schema instanceof z.ZodType)) return checkingSerializerCompiler(routeSchema as never);
  let serialize: Serialize | undefined;
  return (data) => {
    serialize ??= compile(schema);
    return serialize(data);
  };
};

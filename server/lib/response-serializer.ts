import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as checkingSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;

/** A route's zod response schema as fast-json-stringify's JSON Schema (the output's shape). */
function compile(schema: z.ZodType): Serialize {
  const jsonSchema = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'any',
  });
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]) as Serialize;
}

/**
 * Answers are written by a serializer compiled from the route's zod response schema, instead of
 * zod checking each answer before `JSON.stringify` writes it: the check was 25 µs of a feed page
 * (bench/README.md). Like the check, it writes only the schema's fields, so a row's other
 * columns never leave the server, and a required field that is missing fails the answer.
 * TypeScript (the type provider) keeps the handlers' answers to the schema. Each route's
 * serializer is compiled when the route first answers: all of them at start took 300 ms.
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

import { toJsonSchema, type JsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { ErrorAnswer, operations, type Operation } from './operations.ts';

type Json = Record<string, unknown>;

/** Valibot → JSON Schema 2020-12 (OpenAPI 3.1's dialect); checks it cannot say are left out. */
const schemaOf = (schema: v.GenericSchema): JsonSchema => {
  const { $schema: _, ...rest } = toJsonSchema(schema, {
    target: 'draft-2020-12',
    errorMode: 'ignore',
    typeMode: 'input',
  });
  return rest;
};

/** `/api/v1/legal/:document/:locale/` → `/api/v1/legal/{document}/{locale}/`. */
export const openApiPath = (path: string): string =>
  path.replace(/:([A-Za-z_]+)(\{[^}]*\})?/g, '{$1}');

const paramNames = (path: string): string[] =>
  [...path.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1] ?? '');

const MEDIA = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
};

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };

/** The refusals every operation may answer, besides its own success. */
function errorAnswers(operation: Operation): Json {
  const answers: Json = {
    default: { description: 'A refusal in the section-8 shape', content: errorContent },
  };
  if (operation.body || operation.query || operation.params) {
    answers['400'] = { description: 'Invalid input', content: errorContent };
  }
  if (operation.signedIn) {
    answers['401'] = { description: 'Not signed in', content: errorContent };
  }
  return answers;
}

function operationObject(operation: Operation): Json {
  const parameters = [
    ...paramNames(operation.path).map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: operation.params?.[name] ? schemaOf(operation.params[name]) : { type: 'string' },
    })),
    ...Object.entries(operation.query?.entries ?? {}).map(([name, schema]) => ({
      name,
      in: 'query',
      required: schema.type !== 'optional',
      schema: schemaOf(schema),
    })),
  ];
  const { status, schema, type = 'application/json' } = operation.answer;
  const success: Json = { description: 'Success' };
  if (schema) success.content = { [type]: { schema: schemaOf(schema) } };
  else if (status !== 204 && status !== 302) success.content = { [type]: {} };
  return {
    tags: [operation.tag],
    summary: operation.summary,
    operationId: `${operation.method.toLowerCase()}${openApiPath(operation.path).replace(/[^A-Za-z0-9]+/g, '_')}`,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(operation.signedIn ? { security: [{ session: [] }] } : {}),
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: { [MEDIA[operation.body.kind]]: { schema: schemaOf(operation.body.schema) } },
          },
        }
      : {}),
    responses: { [String(status)]: success, ...errorAnswers(operation) },
  };
}

/** The OpenAPI 3.1 document of the API, made from the route list's valibot schemas. */
export function openApiDocument(version: string): Json {
  const paths: Record<string, Json> = {};
  for (const operation of operations) {
    const path = openApiPath(operation.path);
    paths[path] = { ...paths[path], [operation.method.toLowerCase()]: operationObject(operation) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Account portal API',
      version,
      description:
        'Calls that change state (POST, PATCH, DELETE) under /api/ need the `X-CSRFToken` header with the value of the `csrftoken` cookie. Errors use one shape: a list of field errors, or one `{ code, detail }`.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    tags: [...new Set(operations.map((operation) => operation.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { Error: schemaOf(ErrorAnswer) },
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'sessionid',
          description: 'The session cookie (`__Host-sessionid` in production)',
        },
      },
    },
  };
}

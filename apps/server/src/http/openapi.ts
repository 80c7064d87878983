import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { APP_VERSION } from '@mergeboard/core';

/**
 * OpenAPI 3.1: its Schema Objects are JSON Schema draft 2020-12, which is what zod v4 writes
 * (`const`, `type: ['string', 'null']`). fastify-type-provider-zod reads this version from the
 * document and converts for it; a 3.0 document would need lossy rewrites.
 */
const OPENAPI_VERSION = '3.1.0';

/** The security scheme every call that needs sign-in names (`Authorization: Bearer <accessToken>`). */
export const BEARER_SCHEME = 'bearer';

/** What `app.register(fastifySwagger, …)` takes: the document served as JSON at /api/docs/json. */
export function openApiOptions(options: { productName: string }): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: OPENAPI_VERSION,
      info: {
        title: `${options.productName} API`,
        version: APP_VERSION,
        description: 'Every call answers errors as { error: { code, message, fields? } }.',
      },
      components: {
        securitySchemes: {
          [BEARER_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The accessToken answered by the auth token call',
          },
        },
      },
    },
    // Every API call carries its contract's tags; what has none (the built-in sign-in issuer,
    // the local mailbox, static files) is not part of the API.
    hideUntagged: true,
    transform: (input) => {
      const result = jsonSchemaTransform(input);
      return { ...result, schema: withOwnMediaTypes(result.schema) };
    },
    transformObject: (input) => tidySchemas(jsonSchemaTransformObject(input)),
  };
}

type JsonObject = Record<string, unknown>;

/**
 * An answer whose schema names its `contentMediaType` (an export's CSV file) is documented
 * under that media type; every other answer is JSON.
 */
function withOwnMediaTypes<S>(schema: S): S {
  const response = (schema as { response?: Record<string, JsonObject> } | undefined)?.response;
  if (!response) return schema;
  const documented = Object.fromEntries(
    Object.entries(response).map(([status, answer]) => {
      // zod's placeholder `$id` and `$schema` are for the top of an answer, not inside content.
      const { contentMediaType, description, headers, $id: _id, $schema: _dialect, ...body } = answer;
      if (typeof contentMediaType !== 'string') return [status, answer];
      return [
        status,
        { description, ...(headers ? { headers } : {}), content: { [contentMediaType]: { schema: body } } },
      ];
    }),
  );
  return { ...schema, response: documented };
}

interface LooseDocument {
  paths?: unknown;
  components?: { schemas?: Record<string, unknown> };
}

/**
 * The named schemas (zod `.meta({ id })`) as OpenAPI 3.1 wants them: the zod transform lists
 * each twice (request input `XInput`, answer `X`), so keep those some call refers to, directly
 * or through another schema; and drop the `$id` (a fragment, which JSON Schema 2020-12 forbids
 * there) and the `$schema` (the document's dialect already applies) it writes into each.
 */
function tidySchemas<D extends object>(input: D): D {
  const document = input as LooseDocument;
  const schemas: Record<string, unknown> = { ...document.components?.schemas };
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    for (const [key, inner] of Object.entries(value)) {
      const name =
        key === '$ref' && typeof inner === 'string'
          ? /^#\/components\/schemas\/(.+)$/.exec(inner)?.[1]
          : undefined;
      if (name !== undefined && !used.has(name)) {
        used.add(name);
        visit(schemas[name]);
      } else visit(inner);
    }
  };
  visit(document.paths);
  return {
    ...document,
    components: {
      ...document.components,
      schemas: Object.fromEntries(
        Object.entries(schemas)
          .filter(([name]) => used.has(name))
          .map(([name, schema]) => {
            const { $id: _id, $schema: _dialect, ...rest } = schema as JsonObject;
            return [name, rest];
          }),
      ),
    },
  } as D;
}

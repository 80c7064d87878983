import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import * as core from '@mergeboard/core';
import { BEARER_SCHEME } from './openapi';

interface RouteSchemaOptions {
  /**
   * Who may call it: documented as `x-permission`. Any but public needs a live session (the
   * bearer requirement and its 401); user and space calls can refuse a signed-in caller: 403
   * (disabled account, role too low in the space) and 404 (no account yet, not a member of the
   * space, whose existence is not revealed).
   */
  access: core.RouteAccess;
}

/** The answer's schema per status, as Fastify validates it and OpenAPI documents it. */
type RouteResponses = Record<string, z.ZodType>;

interface RouteSchema extends FastifySchema {
  summary: string;
  tags: string[];
  operationId: string;
  'x-permission': string;
  security?: Array<Record<string, string[]>>;
  /** The media types of a raw body (an upload), as OpenAPI lists them; JSON otherwise. */
  consumes?: string[];
  response: RouteResponses;
}

/** core's error body, documented here with every code it can carry (the web need not ship the list). */
const errorBody = core.errorBodySchema
  .extend({
    error: core.errorBodySchema.shape.error.extend({
      code: z.string().describe(`Machine-readable code, one of: ${core.errorCodes.join(', ')}`),
    }),
  })
  .meta({ id: 'Error' });

/**
 * Every failure answers the one Error schema; each status says, in the document, when it happens.
 * `.meta()` makes a copy that refers to the Error component with its own description.
 */
const failure = (description: string, extra: Record<string, unknown> = {}) =>
  errorBody.meta({ description, ...extra });

const FAILURES = {
  400: failure(
    'The request is malformed or fails its contract: validation_failed (with `fields` per invalid field), malformed_json, bad_request or a domain code',
  ),
  401: failure(
    'No live session: the bearer token is missing, malformed or expired, or its session has ended (unauthorized, session_expired)',
  ),
  403: failure(
    "Refused: the account is disabled, or the caller's role does not allow this call (forbidden or a domain code)",
  ),
  404: failure(
    'Not found: the resource does not exist, the caller has no account yet, or the caller is not a member of its space',
  ),
  429: failure('Too many requests from this caller (rate_limited); try again after Retry-After', {
    headers: {
      'Retry-After': { type: 'integer', minimum: 0, description: 'Seconds until a new request is counted' },
    },
  }),
  500: failure('The server failed (internal_error); nothing was written'),
  '4xx': failure(
    'Any other refusal in the same shape, e.g. conflict (409), payload_too_large (413), unsupported_media_type (415)',
  ),
  '5xx': failure('The server cannot answer now, e.g. unavailable (503) while the database is unreachable'),
} satisfies RouteResponses;

/** 302 answers have no body: the browser follows Location. */
const REDIRECT = z.null().meta({
  description: 'Redirect: the browser follows the Location header',
  headers: {
    Location: { type: 'string', format: 'uri-reference', description: 'Where the browser goes next' },
  },
});

const NO_CONTENT = z.null().meta({ description: 'Done; no body' });

const SUCCESS_DESCRIPTIONS: Record<number, string> = {
  200: 'Success',
  201: 'Created',
  202: 'Accepted: the work is queued',
};

function successResponse(contract: core.Contract, status: number): z.ZodType {
  if (status === 302) return REDIRECT;
  if (status === 204) return NO_CONTENT;
  // A copy with a description for the document; it validates and serialises exactly like the original.
  const own = z.globalRegistry.get(contract.response)?.description;
  return contract.response.meta({ description: own ?? SUCCESS_DESCRIPTIONS[status] ?? 'Success' });
}

function isContract(value: unknown): value is core.Contract {
  return (
    typeof value === 'object' &&
    value !== null &&
    'method' in value &&
    'path' in value &&
    'response' in value &&
    'summary' in value
  );
}

/** operationId is the name core exports the contract under (`exchangeToken`, `getHealth`, …). */
const contractNames = new Map<core.Contract, string>();
for (const [name, value] of Object.entries(core)) {
  if (isContract(value) && !contractNames.has(value)) contractNames.set(value, name);
}

/** For contracts core does not export (tests' own routes): `getApiV1ThingsId` from the call. */
function derivedOperationId(contract: core.Contract): string {
  const words = contract.path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return [contract.method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

/** The name core exports the contract under, else one derived from its call. */
export function contractName(contract: core.Contract): string {
  return contractNames.get(contract) ?? derivedOperationId(contract);
}

/**
 * The Fastify `schema` of one call: what Fastify validates (params, query, body, answers) and
 * what @fastify/swagger documents (summary, tags, operationId, security, every answer status).
 */
export function routeSchema(contract: core.Contract, options: RouteSchemaOptions): RouteSchema {
  const successStatus = contract.successStatus ?? 200;
  const { 401: unauthorized, 403: forbidden, 404: notFound, ...always } = FAILURES;
  const { kind } = options.access;
  const secured = kind !== 'public';
  const refusesCaller = kind === 'user' || kind === 'space';
  return {
    summary: contract.summary,
    tags: [...contract.tags],
    operationId: contractName(contract),
    'x-permission': core.accessLabel(options.access),
    ...(secured ? { security: [{ [BEARER_SCHEME]: [] }] } : {}),
    ...(contract.params ? { params: contract.params } : {}),
    ...(contract.query ? { querystring: contract.query } : {}),
    ...(contract.body ? { body: contract.body } : {}),
    ...(contract.bodyMediaTypes ? { consumes: [...contract.bodyMediaTypes] } : {}),
    response: {
      [successStatus]: successResponse(contract, successStatus),
      ...(secured ? { 401: unauthorized } : {}),
      ...(refusesCaller ? { 403: forbidden, 404: notFound } : {}),
      ...always,
    },
  };
}

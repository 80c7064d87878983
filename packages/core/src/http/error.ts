import { z } from 'zod';

/**
 * Every failed call answers this one shape, so the web client and scripts can show
 * `message` and mark `fields` without knowing which call failed.
 */
export const errorCodes = [
  'bad_request',
  'validation_failed',
  'malformed_json',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'unavailable',
  'internal_error',
] as const;

export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.string().describe('Machine-readable code, e.g. validation_failed or a domain reason'),
      message: z.string().describe('Human-readable explanation of what is wrong'),
      fields: z
        .record(z.string(), z.string())
        .optional()
        .describe('Per-field messages keyed by the field path, e.g. "body.workspaceName"'),
    }),
  })
  .meta({ id: 'Error' });

export type ErrorBody = z.infer<typeof errorBodySchema>;

export const errorStatus: Record<ErrorCode, number> = {
  bad_request: 400,
  validation_failed: 400,
  malformed_json: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  unavailable: 503,
  internal_error: 500,
};

export function errorBody(code: string, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return errorBodySchema.safeParse(value).success;
}

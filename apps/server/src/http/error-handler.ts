import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorBody, errorStatus, type ErrorCode } from '@mergeboard/core';
import { AppError } from './app-error';

type Issue = { instancePath?: string; message?: string };

/** `body.workspaceName`-style keys for each invalid field, so forms can mark them. */
function validationFields(context: string | undefined, issues: Issue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const pointer = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    const key = [context ?? 'request', pointer].filter(Boolean).join('.');
    fields[key] ??= issue.message ?? 'Invalid value';
  }
  return fields;
}

/** 10 MB, 512 KB, 100 bytes: a limit as people write it. */
function sizeText(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

/**
 * Fastify's own request errors, each mapped to a code (whose status is core's) and a message a
 * caller understands.
 */
const frameworkErrors: Record<
  string,
  { code: ErrorCode; message: (e: FastifyError, request: FastifyRequest) => string }
> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: 'malformed_json',
    message: (e) => `Malformed JSON in request body: ${e.message}`,
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'malformed_json',
    message: () => "Body cannot be empty when content-type is set to 'application/json'",
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'payload_too_large',
    // Every route with a limit of its own sets it on the route (not on a parser), so this is it.
    message: (_e, request) =>
      `Request body is larger than the ${sizeText(request.routeOptions.bodyLimit)} limit`,
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message: (e) => e.message,
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'bad_request',
    message: () => 'Content-Length does not match the body',
  },
};

/** The error shape under a code, with the code's status from core's list. */
function answer(reply: FastifyReply, code: ErrorCode, message: string, fields?: Record<string, string>) {
  return reply.status(errorStatus[code]).send(errorBody(code, message, fields));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) return answer(reply, error.code, error.message, error.fields);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = validationFields(error.validationContext, error.validation as Issue[]);
      const summary = Object.entries(fields)
        .map(([key, message]) => `${key}: ${message}`)
        .join('; ');
      return answer(reply, 'validation_failed', `Invalid request: ${summary}`, fields);
    }
    const known = error.code ? frameworkErrors[error.code] : undefined;
    if (known) return answer(reply, known.code, known.message(error, request));
    if (error.statusCode === 429) return answer(reply, 'rate_limited', error.message);
    // Any other refusal a plugin raised keeps its own 4xx status, under the generic code.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(errorBody('bad_request', error.message));
    }
    // Anything else is our fault: log it whole, tell the caller nothing internal.
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its contract');
    } else {
      request.log.error({ err: error }, 'unhandled error');
    }
    return answer(reply, 'internal_error', 'Internal server error');
  });
}

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorBody } from '@mergeboard/core';
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

/** Fastify's own request errors, each mapped to a code and a message a caller understands. */
const frameworkErrors: Record<
  string,
  { status: number; code: string; message: (e: FastifyError) => string }
> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'malformed_json',
    message: (e) => `Malformed JSON in request body: ${e.message}`,
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'malformed_json',
    message: () => "Body cannot be empty when content-type is set to 'application/json'",
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'payload_too_large',
    message: () => 'Request body is larger than the 1 MB limit',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: (e) => e.message,
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'bad_request',
    message: () => 'Content-Length does not match the body',
  },
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(errorBody(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = validationFields(error.validationContext, error.validation as Issue[]);
      const summary = Object.entries(fields)
        .map(([key, message]) => `${key}: ${message}`)
        .join('; ');
      return reply.status(400).send(errorBody('validation_failed', `Invalid request: ${summary}`, fields));
    }
    const known = error.code ? frameworkErrors[error.code] : undefined;
    if (known) {
      return reply.status(known.status).send(errorBody(known.code, known.message(error)));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(errorBody('rate_limited', error.message));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(errorBody('bad_request', error.message));
    }
    // Anything else is our fault: log it whole, tell the caller nothing internal.
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its contract');
    } else {
      request.log.error({ err: error }, 'unhandled error');
    }
    return reply.status(500).send(errorBody('internal_error', 'Internal server error'));
  });
}

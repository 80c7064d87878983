/**
 * An error answered in Stripe's shape, `{ error: { type, code, message, param } }`, which the SDK
 * turns into its own error classes (StripeInvalidRequestError, StripeAuthenticationError, …).
 */
export class SandboxError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'api_error' | 'idempotency_error' | 'card_error',
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  body() {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code ? { code: this.code } : {}),
        ...(this.param ? { param: this.param } : {}),
        ...this.extra,
      },
    };
  }
}

export const missingResource = (object: string, id: string, param = 'id') =>
  new SandboxError(404, 'invalid_request_error', `No such ${object}: '${id}'`, 'resource_missing', param);

export const invalidParam = (param: string, message: string, code = 'parameter_invalid') =>
  new SandboxError(400, 'invalid_request_error', message, code, param);

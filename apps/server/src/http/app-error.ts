import { errorStatus, type ErrorCode } from '@mergeboard/core';

/**
 * A failure a caller can act on. Services throw it; the one error handler turns it into
 * `{ error: { code, message, fields? } }`. The code is one of core's list and decides the HTTP
 * status there (`errorStatus`), so no call site picks a status by hand.
 */
export class AppError extends Error {
  readonly status: number;
  readonly fields: Record<string, string> | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: { fields?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = errorStatus[code];
    this.fields = options.fields;
  }
}

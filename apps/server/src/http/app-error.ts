import { errorStatus, type ErrorCode } from '@mergeboard/core';

/**
 * A failure a caller can act on. Services throw it; the one error handler turns it into
 * `{ error: { code, message, fields? } }` with `status`, so HTTP codes are decided in one place.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode | (string & {}),
    message: string,
    options: { status?: number; fields?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = options.status ?? errorStatus[code as ErrorCode] ?? 400;
    this.fields = options.fields;
  }

  readonly fields: Record<string, string> | undefined;
}

import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { reportAuthError } from './report-auth-error';

describe('auth error reporting', () => {
  it('AUTH-024: 400, 401, 404 and 409 answers are not reported; other failures are', () => {
    const report = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const status of [400, 401, 404, 409]) {
      reportAuthError(new ApiError({ status, code: 'x', message: 'expected' }));
    }
    expect(report).not.toHaveBeenCalled();

    reportAuthError(new ApiError({ status: 500, code: 'internal_error', message: 'boom' }));
    reportAuthError(new ApiError({ status: 0, code: 'network_error', message: 'offline' }));
    expect(report).toHaveBeenCalledTimes(2);
  });
});

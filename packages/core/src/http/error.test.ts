import { describe, expect, it } from 'vitest';
import { COMPOSE_PERMISSION_REQUIRED } from '../auth/auth-contracts';
import { errorBody, errorCodes, errorStatus, isErrorBody } from './error';

describe('error codes', () => {
  it('give every code an HTTP error status', () => {
    for (const code of errorCodes) {
      expect(errorStatus[code], code).toBeGreaterThanOrEqual(400);
      expect(errorStatus[code], code).toBeLessThan(600);
    }
  });

  it('INV-010 INV-011 TPL-004 name the codes the spec and the web rely on, with their statuses', () => {
    expect(errorStatus.user_already_exists).toBe(409);
    expect(errorStatus.invitation_is_not_active).toBe(409);
    expect(errorStatus.user_owns_too_many_workspaces).toBe(409);
    expect(errorStatus[COMPOSE_PERMISSION_REQUIRED]).toBe(403);
  });

  it('answer in the one error shape', () => {
    expect(isErrorBody(errorBody('too_many_spaces', 'No more'))).toBe(true);
  });
});

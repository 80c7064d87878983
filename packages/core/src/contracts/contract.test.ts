import { describe, expect, it } from 'vitest';
import { buildPath } from './contract';
import { errorBody, isErrorBody } from '../http/error';

describe('contracts', () => {
  it('builds paths with URI-encoded parameters (API-057 encodes the e-mail in the path)', () => {
    expect(
      buildPath('/api/users/workspace-activation-delete-bounces/me/:workspaceId/:emailAddress', {
        workspaceId: 'w1',
        emailAddress: 'a+b@x.example',
      }),
    ).toBe('/api/users/workspace-activation-delete-bounces/me/w1/a%2Bb%40x.example');
  });

  it('refuses to build a path with a missing parameter', () => {
    expect(() => buildPath('/api/v1/workspaces/:id', {})).toThrow("Missing path parameter 'id'");
  });

  it('has one error shape with optional fields', () => {
    expect(errorBody('not_found', 'No such space')).toEqual({
      error: { code: 'not_found', message: 'No such space' },
    });
    expect(isErrorBody(errorBody('validation_failed', 'Bad', { 'body.name': 'Required' }))).toBe(true);
    expect(isErrorBody({ message: 'plain' })).toBe(false);
  });
});

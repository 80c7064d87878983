import { getHealth } from '@mergeboard/core';
import { describe, expect, it, vi } from 'vitest';
import { apiError, fakeServer, json } from '../testing/fake-server';
import { getAccessToken, setAccessToken } from './access-token';
import { callAuthed, registerSessionRenewer } from './authed-call';

const healthy = { status: 'ok', database: 'pglite', version: '2.10.28' };

function renewer(renewed: boolean, nextToken = 'fresh') {
  const owner = {
    renewSession: vi.fn(async () => {
      if (renewed) setAccessToken(nextToken);
      return Promise.resolve(renewed);
    }),
    sessionLost: vi.fn(),
  };
  return { owner, unregister: registerSessionRenewer(owner) };
}

describe('callAuthed', () => {
  it('AUTH-014: a 401 renews the session once and retries with the new token', async () => {
    setAccessToken('stale');
    const server = fakeServer({ 'GET /healthz': [apiError(401, 'unauthorized'), json(200, healthy)] });
    const { owner, unregister } = renewer(true);

    await expect(callAuthed(getHealth)).resolves.toEqual(healthy);
    expect(owner.renewSession).toHaveBeenCalledTimes(1);
    expect(owner.sessionLost).not.toHaveBeenCalled();
    expect(server.calls('GET /healthz').map((call) => call.bearer)).toEqual(['stale', 'fresh']);
    unregister();
  });

  it('AUTH-015: a 401 on the retry reports the session lost', async () => {
    setAccessToken('stale');
    fakeServer({ 'GET /healthz': apiError(401, 'unauthorized') });
    const { owner, unregister } = renewer(true);
    await expect(callAuthed(getHealth)).rejects.toMatchObject({ status: 401 });
    expect(owner.renewSession).toHaveBeenCalledTimes(1);
    expect(owner.sessionLost).toHaveBeenCalledTimes(1);
    unregister();
  });

  it('AUTH-015: a failed renewal reports the session lost without retrying', async () => {
    setAccessToken('stale');
    const server = fakeServer({ 'GET /healthz': apiError(401, 'unauthorized') });
    const { owner, unregister } = renewer(false);
    await expect(callAuthed(getHealth)).rejects.toMatchObject({ status: 401 });
    expect(owner.sessionLost).toHaveBeenCalledTimes(1);
    expect(server.calls('GET /healthz')).toHaveLength(1);
    unregister();
  });

  it('leaves other errors and calls without a token alone', async () => {
    fakeServer({ 'GET /healthz': apiError(401, 'unauthorized') });
    const { owner, unregister } = renewer(true);
    expect(getAccessToken()).toBeNull();
    await expect(callAuthed(getHealth)).rejects.toMatchObject({ status: 401 });
    expect(owner.renewSession).not.toHaveBeenCalled();

    setAccessToken('token');
    fakeServer({ 'GET /healthz': apiError(403, 'forbidden') });
    await expect(callAuthed(getHealth)).rejects.toMatchObject({ status: 403 });
    expect(owner.renewSession).not.toHaveBeenCalled();
    unregister();
  });
});

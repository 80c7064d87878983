import { defineContract, getHealth } from '@mergeboard/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { setAccessToken } from './access-token';
import { ApiError, callApi } from './api-client';

/** The server is the edge of the world for a component test: a fake fetch stands in for it. */
function fakeFetch(status: number, body: unknown, statusText = '') {
  return vi.fn<typeof fetch>(async () =>
    Promise.resolve(
      new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        statusText,
        headers: { 'Content-Type': 'application/json' },
      }),
    ),
  );
}

function sentRequest(fetchMock: ReturnType<typeof fakeFetch>) {
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
}

const healthy = { status: 'ok', database: 'pglite', version: '2.10.28' };

const renameSpace = defineContract({
  method: 'PUT',
  path: '/api/v1/workspaces/:workspaceId',
  summary: 'test contract with params, query and body',
  tags: ['test'],
  params: z.object({ workspaceId: z.string() }),
  query: z.object({ includeDomains: z.string().optional(), tag: z.array(z.string()).optional() }),
  body: z.object({ workspaceName: z.string() }),
  response: z.object({ workspaceId: z.string() }),
});

describe('API client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('API-001: sends no Authorization header while there is no token', async () => {
    const fetchMock = fakeFetch(200, healthy);
    await callApi(getHealth, {}, { fetch: fetchMock });
    expect(sentRequest(fetchMock).headers.has('Authorization')).toBe(false);
  });

  it('API-001: sends Authorization: Bearer <token> once a token exists', async () => {
    setAccessToken('token-123');
    const fetchMock = fakeFetch(200, healthy);
    vi.stubGlobal('fetch', fetchMock);
    await expect(callApi(getHealth)).resolves.toEqual(healthy);
    expect(sentRequest(fetchMock).headers.get('Authorization')).toBe('Bearer token-123');
  });

  it('builds the path from params, the query without undefined values, and a JSON body', async () => {
    const fetchMock = fakeFetch(200, { workspaceId: 'w 1', ignored: true });
    const answer = await callApi(
      renameSpace,
      {
        params: { workspaceId: 'w 1' },
        query: { includeDomains: undefined, tag: ['a', 'b'] },
        body: { workspaceName: 'Sales team' },
      },
      { fetch: fetchMock },
    );

    expect(answer).toEqual({ workspaceId: 'w 1' });
    const { url, init, headers } = sentRequest(fetchMock);
    expect(url).toBe('/api/v1/workspaces/w%201?tag=a&tag=b');
    expect(init.method).toBe('PUT');
    expect(init.body).toBe(JSON.stringify({ workspaceName: 'Sales team' }));
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('turns an error body into an ApiError with status, code, message and fields', async () => {
    const fetchMock = fakeFetch(400, {
      error: {
        code: 'validation_failed',
        message: 'workspaceName must be at least 5 characters',
        fields: { 'body.workspaceName': 'Too short' },
      },
    });
    const failure = callApi(
      renameSpace,
      { params: { workspaceId: 'w1' }, body: { workspaceName: 'abc' } },
      { fetch: fetchMock },
    );

    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'workspaceName must be at least 5 characters',
      fields: { 'body.workspaceName': 'Too short' },
    });
  });

  it('falls back to a message naming the status when the error body is not the error shape', async () => {
    const fetchMock = fakeFetch(502, '<html>Bad gateway</html>', 'Bad Gateway');
    await expect(callApi(getHealth, {}, { fetch: fetchMock })).rejects.toMatchObject({
      name: 'ApiError',
      status: 502,
      code: 'http_error',
      message: 'The server answered 502 Bad Gateway.',
      fields: undefined,
    });
  });

  it('rejects an answer that does not match the contract', async () => {
    const fetchMock = fakeFetch(200, { status: 'down' });
    await expect(callApi(getHealth, {}, { fetch: fetchMock })).rejects.toMatchObject({
      status: 200,
      code: 'invalid_response',
    });
  });

  it('reports an unreachable server as a network error', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(callApi(getHealth, {}, { fetch: fetchMock })).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
    });
  });
});

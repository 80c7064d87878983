import { buildPath, isErrorBody } from '@mergeboard/core';
import type { Contract, ContractInput, ContractResponse, ErrorCode } from '@mergeboard/core';
import { getAccessToken } from './access-token';

/** Codes the client itself produces when there is no error body to read. */
type ClientErrorCode = 'network_error' | 'invalid_response' | 'http_error';

/** A failed call: the server's `{ error: { code, message, fields? } }` answer, or the client's own. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  /** Core's list of the server's codes, so a comparison with a code the server never answers fails to compile. */
  readonly code: ErrorCode | ClientErrorCode;
  /** Per-field messages keyed by field path, e.g. "body.workspaceName". */
  readonly fields: Readonly<Record<string, string>> | undefined;

  constructor(options: {
    status: number;
    code: string;
    message: string;
    fields?: Record<string, string>;
    cause?: unknown;
  }) {
    super(options.message, { cause: options.cause });
    this.status = options.status;
    // A server newer than this client may answer a code not in the list: it then matches no comparison.
    this.code = options.code as ErrorCode | ClientErrorCode;
    this.fields = options.fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface CallApiOptions {
  signal?: AbortSignal;
  /** Defaults to the global fetch, looked up at call time. */
  fetch?: typeof fetch;
  /**
   * The bearer to send instead of the in-memory access token: another token of the session
   * (e.g. the backend id token when restoring it), or `null` for none.
   */
  token?: string | null;
  /** Lets the request outlive the page (events sent while the tab closes). */
  keepalive?: boolean;
}

/** `input` may be left out when the contract has nothing required (no params, no body). */
export type CallApiArgs<C extends Contract> =
  Record<never, never> extends ContractInput<C>
    ? [input?: ContractInput<C>, options?: CallApiOptions]
    : [input: ContractInput<C>, options?: CallApiOptions];

/** The runtime view of a `ContractInput`, whatever the contract. */
interface LooseInput {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
}

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      search.append(key, item instanceof Date ? item.toISOString() : String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The URL a call goes to: path parameters substituted, query serialised (undefined values left out). */
export function contractUrl<C extends Contract>(contract: C, input?: ContractInput<C>): string {
  const { params, query } = (input ?? {}) as LooseInput;
  return buildPath(contract.path, params) + queryString(query);
}

function readJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Calls one API endpoint described by its `core` contract and returns the answer parsed by the
 * contract's response schema. Throws {@link ApiError} on a non-2xx answer, an unreachable
 * server or an answer that does not match the contract. Aborts are rethrown untouched.
 */
export async function callApi<C extends Contract>(
  contract: C,
  ...[input, options = {}]: CallApiArgs<C>
): Promise<ContractResponse<C>> {
  const { body } = (input ?? {}) as LooseInput;
  const headers = new Headers({ Accept: 'application/json' });
  const token = options.token === undefined ? getAccessToken() : options.token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (body !== undefined) headers.set('Content-Type', 'application/json');

  const doFetch = options.fetch ?? globalThis.fetch;
  let response: Response;
  try {
    response = await doFetch(contractUrl(contract, input), {
      method: contract.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
      keepalive: options.keepalive,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({
      status: 0,
      code: 'network_error',
      message: 'Could not reach the server. Check your connection and try again.',
      cause: error,
    });
  }

  const data = readJson(await response.text());
  if (!response.ok) {
    if (isErrorBody(data)) {
      throw new ApiError({ status: response.status, ...data.error });
    }
    throw new ApiError({
      status: response.status,
      code: 'http_error',
      message: `The server answered ${[response.status, response.statusText].filter(Boolean).join(' ')}.`,
    });
  }

  const parsed = contract.response.safeParse(data);
  if (!parsed.success) {
    throw new ApiError({
      status: response.status,
      code: 'invalid_response',
      message: `Unexpected answer from ${contract.method} ${contract.path}.`,
      cause: parsed.error,
    });
  }
  return parsed.data as ContractResponse<C>;
}

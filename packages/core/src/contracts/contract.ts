import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One call of the API, described once and used by both sides: the server registers it as a
 * route validated by these schemas (and documents it in OpenAPI), the web client builds the URL
 * and checks the answer with them. Paths use `:name` for path parameters.
 */
export interface Contract<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  tags: readonly string[];
  params?: Params;
  query?: Query;
  body?: Body;
  /**
   * A body that is not JSON but a file's raw bytes in one of these media types (an upload): the
   * server reads it as bytes under `bodyLimit`, and OpenAPI lists these media types.
   */
  bodyMediaTypes?: readonly string[];
  /** The largest body this call takes, in bytes, when it differs from the server's default. */
  bodyLimit?: number;
  /** Schema of the successful answer (status `successStatus`, 200 unless given; 302 redirects). */
  response: Response;
  successStatus?: 200 | 201 | 202 | 204 | 302;
}

export function defineContract<
  Params extends z.ZodType = z.ZodNever,
  Query extends z.ZodType = z.ZodNever,
  Body extends z.ZodType = z.ZodNever,
  Response extends z.ZodType = z.ZodType,
>(contract: Contract<Params, Query, Body, Response>): Contract<Params, Query, Body, Response> {
  return contract;
}

type ParamsOf<C> = C extends Contract<infer P, z.ZodType, z.ZodType, z.ZodType> ? P : never;
type QueryOf<C> = C extends Contract<z.ZodType, infer Q, z.ZodType, z.ZodType> ? Q : never;
type BodyOf<C> = C extends Contract<z.ZodType, z.ZodType, infer B, z.ZodType> ? B : never;

/** What a caller passes: the *input* side of each schema (before defaults and transforms). */
export type ContractInput<C extends Contract> = (ParamsOf<C> extends z.ZodNever
  ? unknown
  : { params: z.input<ParamsOf<C>> }) &
  (QueryOf<C> extends z.ZodNever ? unknown : { query?: z.input<QueryOf<C>> }) &
  (BodyOf<C> extends z.ZodNever ? unknown : { body: z.input<BodyOf<C>> });

export type ContractResponse<C extends Contract> = z.output<C['response']>;

/** Replaces `:name` segments with URI-encoded values; a missing value is a programming error. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter '${name}' for ${path}`);
    return encodeURIComponent(String(value));
  });
}

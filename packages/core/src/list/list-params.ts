import { z } from 'zod';
import { UNSAFE_TEXT_MESSAGE, isSafeText, text } from '../contracts/text';

/**
 * The spec's list encoding (API-003): `filterBy` holds `key:value` pairs joined by commas and
 * `sortBy` holds `key:asc` or `key:desc`. Values are URI-encoded inside the pair so that a search
 * term containing `,` or `:` survives the round trip (CONST-012: search is URL-encoded).
 */
export type SortDirection = 'asc' | 'desc';
export interface Sort<K extends string = string> {
  key: K;
  direction: SortDirection;
}
export type Filters<K extends string = string> = Partial<Record<K, string>>;

export interface ListParams<F extends string = string, S extends string = string> {
  filterBy: Filters<F>;
  sortBy?: Sort<S>;
  limit: number;
  limitOffset: number;
}

export class ListParamError extends Error {
  constructor(
    readonly field: 'filterBy' | 'sortBy' | 'limit' | 'limitOffset',
    message: string,
  ) {
    super(message);
    this.name = 'ListParamError';
  }
}

const keyPattern = /^[A-Za-z][A-Za-z0-9_]*$/;

export function formatFilterBy(filters: Filters): string | undefined {
  const pairs = Object.entries(filters)
    .filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '')
    .map(([key, value]) => `${key}:${encodeURIComponent(value)}`);
  return pairs.length ? pairs.join(',') : undefined;
}

export function parseFilterBy<K extends string>(raw: string | undefined, allowed: readonly K[]): Filters<K> {
  const filters: Filters<K> = {};
  if (raw === undefined || raw.trim() === '') return filters;
  for (const pair of raw.split(',')) {
    const colon = pair.indexOf(':');
    if (colon <= 0) throw new ListParamError('filterBy', `filterBy pair '${pair}' must look like key:value`);
    const key = pair.slice(0, colon);
    if (!allowed.includes(key as K)) {
      throw new ListParamError(
        'filterBy',
        `filterBy key '${key}' is not supported; use one of: ${allowed.join(', ') || '(none)'}`,
      );
    }
    let value: string;
    try {
      value = decodeURIComponent(pair.slice(colon + 1));
    } catch {
      throw new ListParamError('filterBy', `filterBy value for '${key}' is not valid URI encoding`);
    }
    // Decoded here, so the raw query string's check cannot have seen it (`search:%2500`).
    if (!isSafeText(value)) {
      throw new ListParamError('filterBy', `filterBy value for '${key}': ${UNSAFE_TEXT_MESSAGE}`);
    }
    filters[key as K] = value;
  }
  return filters;
}

export function formatSortBy(sort: Sort | undefined): string | undefined {
  return sort ? `${sort.key}:${sort.direction}` : undefined;
}

export function parseSortBy<K extends string>(
  raw: string | undefined,
  allowed: readonly K[],
): Sort<K> | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const match = /^([^:]+):(asc|desc)$/.exec(raw);
  if (!match || !keyPattern.test(match[1] ?? '')) {
    throw new ListParamError('sortBy', `sortBy '${raw}' must look like key:asc or key:desc`);
  }
  const key = match[1] as K;
  if (!allowed.includes(key)) {
    throw new ListParamError(
      'sortBy',
      `sortBy key '${key}' is not supported; use one of: ${allowed.join(', ')}`,
    );
  }
  return { key, direction: match[2] as SortDirection };
}

/** Query-string form of a list request, ready for URLSearchParams. */
export function formatListParams(params: Partial<ListParams>): Record<string, string> {
  const query: Record<string, string> = {};
  const filterBy = params.filterBy ? formatFilterBy(params.filterBy) : undefined;
  const sortBy = formatSortBy(params.sortBy);
  if (filterBy) query.filterBy = filterBy;
  if (sortBy) query.sortBy = sortBy;
  if (params.limit !== undefined) query.limit = String(params.limit);
  if (params.limitOffset !== undefined) query.limitOffset = String(params.limitOffset);
  return query;
}

interface ListQueryOptions<F extends string, S extends string> {
  filterKeys: readonly F[];
  sortKeys: readonly S[];
  defaultSort?: Sort<S>;
  defaultLimit: number;
  maxLimit: number;
}

/**
 * The zod schema of a list call's query string. It parses the encoded strings into
 * {@link ListParams} and turns every malformed piece into a validation issue on that field,
 * so a bad list request answers 400 naming the parameter.
 */
export function listQuerySchema<F extends string, S extends string>(options: ListQueryOptions<F, S>) {
  const intParam = (name: string, min: number, max: number) =>
    z
      .string()
      .regex(/^\d+$/, `${name} must be a whole number`)
      .transform(Number)
      .pipe(
        z
          .number()
          .int()
          .min(min, `${name} must be at least ${min}`)
          .max(max, `${name} must be at most ${max}`),
      );

  return z
    .object({
      filterBy: text()
        .optional()
        .describe(`key:value pairs joined by commas; keys: ${options.filterKeys.join(', ') || 'none'}`),
      sortBy: text()
        .optional()
        .describe(`key:asc or key:desc; keys: ${options.sortKeys.join(', ')}`),
      limit: intParam('limit', 1, options.maxLimit).optional(),
      limitOffset: intParam('limitOffset', 0, Number.MAX_SAFE_INTEGER).optional(),
    })
    .transform((raw, ctx): ListParams<F, S> => {
      let filterBy: Filters<F> = {};
      let sortBy: Sort<S> | undefined = options.defaultSort;
      try {
        filterBy = parseFilterBy(raw.filterBy, options.filterKeys);
      } catch (error) {
        ctx.addIssue({ code: 'custom', path: ['filterBy'], message: (error as Error).message });
      }
      try {
        sortBy = parseSortBy(raw.sortBy, options.sortKeys) ?? options.defaultSort;
      } catch (error) {
        ctx.addIssue({ code: 'custom', path: ['sortBy'], message: (error as Error).message });
      }
      return {
        filterBy,
        ...(sortBy ? { sortBy } : {}),
        limit: raw.limit ?? options.defaultLimit,
        limitOffset: raw.limitOffset ?? 0,
      };
    });
}

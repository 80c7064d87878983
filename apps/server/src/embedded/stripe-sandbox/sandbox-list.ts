import { z } from 'zod';
import { expandParam, limitParam, readParams } from './sandbox-params';
import type { SandboxContext, SandboxRequest, SandboxRoute } from './sandbox-route';
import { listObjects } from './sandbox-store';

type Match = Pick<Parameters<typeof listObjects>[1], 'contains' | 'anyOf'>;

/**
 * A Stripe list endpoint over one kind of object: `limit` and `expand[]` as everywhere, plus the
 * endpoint's own filters. By default a given filter must equal the document's field of that name;
 * `match` says otherwise (a path parameter, a list of keys, a check that the parent exists).
 */
export function listRoute<S extends z.ZodRawShape>(options: {
  path: string;
  object: string;
  filters: S;
  match?: (
    filters: Record<string, unknown>,
    request: SandboxRequest,
    context: SandboxContext,
  ) => Match | Promise<Match>;
}): SandboxRoute {
  const schema = z.strictObject({ ...options.filters, limit: limitParam, expand: expandParam });
  return {
    method: 'GET',
    path: options.path,
    async handle(context, request) {
      const {
        limit,
        expand: _expand,
        ...filters
      } = readParams(schema, request.input) as {
        limit: number;
        expand?: string[];
      } & Record<string, unknown>;
      const given = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
      const match = options.match ? await options.match(given, request, context) : { contains: given };
      const url = `/v1${options.path.replace(/:(\w+)/g, (_, name: string) => request.params[name] ?? '')}`;
      return listObjects(context.db, { object: options.object, url, limit, ...match });
    },
  };
}

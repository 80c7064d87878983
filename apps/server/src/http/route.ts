import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Contract, RouteAccess, SpaceIdSource } from '@mergeboard/core';
import type { AppContext } from '../app-context';
import { authenticate, readBearer, type RequestAuth } from '../features/auth';
import { requireSpaceMember, type SpaceAccess } from '../features/spaces';
import { AppError } from './app-error';
import { routeSchema } from './route-schema';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface HandlerInput<C extends Contract> {
  params: Out<NonNullable<C['params']>>;
  query: Out<NonNullable<C['query']>>;
  body: Out<NonNullable<C['body']>>;
  context: AppContext;
  /** The caller's live session; set for every route that is not public. */
  auth: RequestAuth | null;
  /** The caller's membership and the space of the `:id` parameter, for `space` routes. */
  space: SpaceAccess | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** One line of the route table: a contract from core, who may call it, and a thin handler. */
export interface RouteDefinition<C extends Contract = Contract> {
  contract: C;
  access: RouteAccess;
  /** Per-route rate limit, on top of the global one. */
  rateLimit?: { max: number; timeWindow: string | number };
  handler: (input: HandlerInput<C>) => Promise<z.input<C['response']>> | z.input<C['response']>;
}

export function defineRoute<C extends Contract>(definition: RouteDefinition<C>): RouteDefinition<C> {
  return definition;
}

/** Converts the core contract's `:param` path to the URL it is mounted on (same syntax in Fastify). */
export function registerRoute(app: FastifyInstance, context: AppContext, definition: RouteDefinition): void {
  const { contract, access } = definition;
  const successStatus = contract.successStatus ?? 200;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: contract.method,
    url: contract.path,
    ...(definition.rateLimit ? { config: { rateLimit: definition.rateLimit } } : {}),
    schema: routeSchema(contract, {
      secured: access.kind !== 'public',
      refusesCaller: access.kind === 'user' || access.kind === 'space',
    }),
    handler: async (request, reply) => {
      const auth =
        access.kind === 'public'
          ? null
          : await authenticate(context.database.db, context.tokens, readBearer(request));
      if (access.kind === 'user' || access.kind === 'space') requireAccount(auth!);
      const space =
        access.kind === 'space'
          ? await requireSpaceMember(context.database.db, {
              workspaceId: spaceIdOf(request, access.spaceFrom ?? { in: 'params', name: 'id' }),
              userId: auth!.user!.id,
              minRole: access.minRole,
            })
          : null;
      const answer = await definition.handler({
        params: request.params as never,
        query: request.query as never,
        body: request.body as never,
        context,
        auth,
        space,
        request,
        reply,
      });
      // Redirecting handlers have answered already.
      if (reply.sent || successStatus === 302) return reply;
      return reply.status(successStatus).send(answer as never);
    },
  });
}

/** `user` routes need an account that is not DISABLED, beyond a live session. */
function requireAccount(auth: RequestAuth): void {
  if (!auth.user) throw new AppError('user_not_found', 'This sign-in has no account yet', { status: 404 });
  if (auth.user.status === 'DISABLED')
    throw new AppError('user_disabled', 'This account is disabled', { status: 403 });
}

/** The space a `space` route acts on, from where its contract carries it (validated already). */
function spaceIdOf(request: FastifyRequest, from: SpaceIdSource): string {
  const source = (from.in === 'params' ? request.params : request.body) as
    Record<string, unknown> | undefined;
  const value = source?.[from.name];
  if (typeof value !== 'string') throw new AppError('bad_request', `${from.name} is required`);
  return value;
}

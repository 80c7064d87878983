import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Contract, RouteAccess, SpaceIdSource, SpacePermission } from '@mergeboard/core';
import {
  authenticate,
  readBearer,
  requireAccount,
  type Account,
  type RequestAuth,
} from '../access/authenticate';
import { requireSpacePermission, type SpaceAccess } from '../access/space-access';
import type { AppContext } from '../app-context';
import { AppError } from './app-error';
import { routeSchema } from './route-schema';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

interface BaseInput<C extends Contract> {
  params: Out<NonNullable<C['params']>>;
  query: Out<NonNullable<C['query']>>;
  body: Out<NonNullable<C['body']>>;
  context: AppContext;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** What the route's access has established before the handler runs, typed by its kind. */
type AccessInput<A extends RouteAccess> = A extends { kind: 'space' }
  ? { auth: RequestAuth; user: Account; space: SpaceAccess }
  : A extends { kind: 'user' }
    ? { auth: RequestAuth; user: Account }
    : A extends { kind: 'signed-in' }
      ? { auth: RequestAuth }
      : unknown;

export type HandlerInput<C extends Contract, A extends RouteAccess = RouteAccess> = BaseInput<C> &
  AccessInput<A>;

/** The input of a handler behind a space permission. */
export type SpaceHandlerInput<C extends Contract = Contract> = HandlerInput<
  C,
  { kind: 'space'; permission: SpacePermission }
>;

/** One line of the route table: a contract from core, who may call it, and a thin handler. */
export interface RouteDefinition<C extends Contract = Contract, A extends RouteAccess = RouteAccess> {
  contract: C;
  access: A;
  /** Per-route rate limit, on top of the global one. */
  rateLimit?: { max: number; timeWindow: string | number };
  handler: (input: HandlerInput<C, A>) => Promise<z.input<C['response']>> | z.input<C['response']>;
}

export function defineRoute<C extends Contract, const A extends RouteAccess>(
  definition: RouteDefinition<C, A>,
): RouteDefinition<C, A> {
  return definition;
}

/** What the access hooks found for a request, read back by the handler. */
interface Established {
  auth?: RequestAuth;
  user?: Account;
  space?: SpaceAccess;
}
const established = new WeakMap<FastifyRequest, Established>();

/**
 * Mounts one line of the table. Who is calling is settled before the request is validated, so an
 * anonymous or unauthorised caller learns nothing from validation messages: the session in
 * `preParsing`, the space permission there too when the space id is in the path (else once the
 * body is parsed, in `preValidation`). `preParsing` rather than `onRequest`: the rate limit counts
 * in `onRequest`, and it must come first so that refused and anonymous calls are counted too.
 */
export function registerRoute(app: FastifyInstance, context: AppContext, definition: RouteDefinition): void {
  const { contract, access } = definition;
  const successStatus = contract.successStatus ?? 200;
  const spaceFrom: SpaceIdSource | null =
    access.kind === 'space' ? (access.spaceFrom ?? { in: 'params', name: 'id' }) : null;

  const checkSpace = async (request: FastifyRequest) => {
    if (access.kind !== 'space' || !spaceFrom) return;
    const found = established.get(request)!;
    found.space = await requireSpacePermission(context.database.db, {
      workspaceId: spaceIdOf(request, spaceFrom),
      user: found.user!,
      permission: access.permission,
      productName: context.config.PRODUCT_NAME,
    });
  };

  const mount = (instance: FastifyInstance) =>
    instance.withTypeProvider<ZodTypeProvider>().route({
      method: contract.method,
      url: contract.path,
      ...(contract.bodyLimit ? { bodyLimit: contract.bodyLimit } : {}),
      ...(definition.rateLimit ? { config: { rateLimit: definition.rateLimit } } : {}),
      schema: routeSchema(contract, { access }),
      preParsing: async (request, reply) => {
        // Answers are per caller and carry personal data or tokens: no cache, shared or the
        // browser's, may keep them (set first, so refusals carry it too).
        reply.header('cache-control', 'no-store');
        if (access.kind === 'public') return;
        const auth = await authenticate(context.database.db, context.tokens, readBearer(request));
        const found: Established = { auth };
        established.set(request, found);
        if (access.kind === 'signed-in') return;
        found.user = requireAccount(auth);
        if (spaceFrom?.in === 'params') await checkSpace(request);
      },
      preValidation: async (request) => {
        if (spaceFrom?.in === 'body') await checkSpace(request);
      },
      handler: async (request, reply) => {
        const answer = await definition.handler({
          params: request.params as never,
          query: request.query as never,
          body: request.body as never,
          context,
          request,
          reply,
          ...established.get(request),
        } as HandlerInput<Contract>);
        // Redirecting handlers have answered already.
        if (reply.sent || successStatus === 302) return reply;
        return reply.status(successStatus).send(answer as never);
      },
    });

  // A raw-body call (an upload) reads its media types as bytes: a parser scoped to this route
  // only, so every other call keeps refusing them.
  const mediaTypes = contract.bodyMediaTypes;
  if (!mediaTypes) return void mount(app);
  void app.register(async (scope) => {
    scope.addContentTypeParser([...mediaTypes], { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    mount(scope);
  });
}

/**
 * The space a `space` route acts on, from where its contract carries it. It is read before
 * validation: a missing id is a malformed request (400 naming the field); any other string that
 * is no space of the caller's gets the gate's 404.
 */
function spaceIdOf(request: FastifyRequest, from: SpaceIdSource): string {
  const source = (from.in === 'params' ? request.params : request.body) as Record<string, unknown> | null;
  const value = source && typeof source === 'object' ? source[from.name] : undefined;
  if (typeof value === 'string') return value;
  const field = `${from.in === 'params' ? 'params' : 'body'}.${from.name}`;
  throw new AppError('validation_failed', `Invalid request: ${field}: a space id is required`, {
    fields: { [field]: 'A space id is required' },
  });
}

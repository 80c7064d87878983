import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { classifyHit } from '@mergeboard/core';
import type { Database } from '../../db/client';
import { MemoryCounter } from '../../http/rate-limit';
import { linkNotFoundPage, PIXEL, unsubscribePage } from './hit-pages';
import { recordClick, recordOpen, recordPollAnswer } from './tracking-queries';
import { unsubscribeRecipient } from './tracking-service';
import { HIT_PATHS, trackingTokens, type HitKind } from './tracking-tokens';

/** The web app's result pages (RES-001 … RES-004): `?success=0` shows the error view. */
const UNSUBSCRIBED_PAGE = '/unsubscribed';
const FORM_RESPONSE_PAGE = '/formresponse';
const FAILED = '?success=0';
/** Unsubscribe forms are a field or two; anything bigger is not one. */
const FORM_BODY_LIMIT = 4 * 1024;

export interface HitRoutesOptions {
  database: Database;
  sessionSecret: string;
  productName: string;
  /** Hits a client address may make per window, all hit paths together, counted in memory. */
  rateLimit?: { max: number; timeWindowMs: number };
}

/** The fields of a multipart/form-data body (some mail clients post the one-click field so). */
function multipartFields(contentType: string, body: string): Record<string, string> {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  const fields: Record<string, string> = {};
  if (!boundary) return fields;
  for (const part of body.split(`--${boundary}`)) {
    const [head = '', ...value] = part.split('\r\n\r\n');
    const name = /\bname="([^"]*)"/i.exec(head)?.[1];
    if (name && value.length > 0) fields[name] = value.join('\r\n\r\n').replace(/\r\n$/, '');
  }
  return fields;
}

/**
 * A target the browser can be sent to as it is (absolute, encoded, http or https), or null. The
 * stored links are the body's http(s) links already; this keeps a redirect from ever being
 * anything else, whatever the stored list holds.
 */
function redirectable(target: string): string | null {
  try {
    const url = new URL(target);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The public hit endpoints under PUBLIC_URL (issue 23; engine design §7): pages and an image for
 * recipients' mail clients, not API calls, so they sit outside the route table and the OpenAPI
 * document. The hot path: the token is checked without a read, no session, the rate limit counts
 * in this process's memory, and each hit is one statement keyed by the recipient row. A bad token
 * writes nothing and learns nothing: an image with 404, a 404 page, or the spec's error view.
 */
export async function registerHitRoutes(app: FastifyInstance, options: HitRoutesOptions): Promise<void> {
  const { database, productName } = options;
  const tokens = trackingTokens(options.sessionSecret);
  const limit = options.rateLimit ?? { max: 1000, timeWindowMs: 60_000 };
  const counter = new MemoryCounter();
  const verify = (request: FastifyRequest, kind: HitKind) =>
    tokens.verify((request.params as { token: string }).token, kind);
  const person = (request: FastifyRequest) => classifyHit(request).by === 'person';
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).type('text/html; charset=utf-8').send(body);
  const pixel = (reply: FastifyReply, status: number) => reply.status(status).type('image/gif').send(PIXEL);
  const seeOther = (reply: FastifyReply, to: string) => reply.redirect(to, 303);

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (request, body, done) =>
        done(null, multipartFields(request.headers['content-type'] ?? '', body as string)),
    );

    scope.addHook('onRequest', async (request, reply) => {
      reply.header('cache-control', 'no-store, private');
      const { current, ttl } = counter.incr(`hit:${request.ip}`, limit.timeWindowMs);
      if (current <= limit.max) return;
      reply.header('retry-after', String(Math.ceil(ttl / 1000)));
      // A mail client shows a broken image for anything but an image.
      if (request.url.startsWith(HIT_PATHS.open)) return pixel(reply, 429);
      return reply.status(429).type('text/plain; charset=utf-8').send('Too many requests');
    });

    const hidden = { schema: { hide: true } };

    scope.get(`${HIT_PATHS.open}:token`, hidden, async (request, reply) => {
      const token = verify(request, 'open');
      const recorded = token && (await recordOpen(database, { ...token, person: person(request) }));
      return pixel(reply, recorded ? 200 : 404);
    });

    scope.get(`${HIT_PATHS.click}:token`, hidden, async (request, reply) => {
      const token = verify(request, 'click');
      const target = token && (await recordClick(database, { ...token, person: person(request) }));
      const to = target ? redirectable(target) : null;
      return to ? reply.redirect(to, 302) : html(reply, 404, linkNotFoundPage(productName));
    });

    scope.get(`${HIT_PATHS.poll}:token`, hidden, async (request, reply) => {
      const token = verify(request, 'poll');
      const recorded = token && (await recordPollAnswer(database, { ...token, person: person(request) }));
      return seeOther(reply, recorded ? FORM_RESPONSE_PAGE : FORM_RESPONSE_PAGE + FAILED);
    });

    // Nothing is written by a GET: mail scanners follow links, and only a person presses the button.
    scope.get(`${HIT_PATHS.unsubscribe}:token`, hidden, async (request, reply) =>
      verify(request, 'unsubscribe')
        ? html(reply, 200, unsubscribePage(productName))
        : seeOther(reply, UNSUBSCRIBED_PAGE + FAILED),
    );

    // RFC 8058: `List-Unsubscribe=One-Click` from a mail client (200, no redirect, no cookie), or
    // the confirmation page's form (303 to the result page).
    scope.post(`${HIT_PATHS.unsubscribe}:token`, hidden, async (request, reply) => {
      const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
        string,
        unknown
      >;
      const oneClick = body['List-Unsubscribe'] === 'One-Click';
      if (!oneClick && body.confirm === undefined) {
        return reply
          .status(400)
          .type('text/plain; charset=utf-8')
          .send('Expected List-Unsubscribe=One-Click');
      }
      const token = verify(request, 'unsubscribe');
      const done = token !== null && (await unsubscribeRecipient(database, token.recipientId));
      if (!oneClick) return seeOther(reply, done ? UNSUBSCRIBED_PAGE : UNSUBSCRIBED_PAGE + FAILED);
      return done
        ? reply.status(200).type('text/plain; charset=utf-8').send('Unsubscribed')
        : reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    });
  });
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loginHrefFor } from '@mergeboard/core';
import type { Database } from '../../db/client';
import { latestMessagesFor, messageFor } from './mailbox-queries';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Links in captured mail stay clickable; everything else is escaped text. */
const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const when = (date: Date) => `${date.toISOString().replace('T', ' ').slice(0, 16)} UTC`;

/**
 * A mail merge's HTML as a mail client shows it: in a sandboxed frame that runs no script and
 * cannot reach this page, with its images loaded (the open pixel among them, as a mail client
 * loads it) and its links opening in a new tab (`<base target="_blank">` and the popups the
 * sandbox allows), so that following one is what a recipient's click is.
 */
const htmlFrame = (html: string) =>
  `<iframe sandbox="allow-popups allow-popups-to-escape-sandbox" title="Message" srcdoc="${escapeHtml(
    `<base target="_blank">${html}`,
  )}"></iframe>`;

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f8f9fa;color:#212529}
main{max-width:48rem;margin:0 auto;padding:1.5rem}
article,.message{background:#fff;border:1px solid #dee2e6;border-radius:.5rem;padding:1rem 1.25rem;margin:1rem 0}
h1{font-size:1.5rem}h2{font-size:1.1rem;margin:0 0 .25rem}.meta{color:#595f64;margin:0 0 .75rem;font-size:.9rem}
a{color:#0a58ca}pre{white-space:pre-wrap;overflow-wrap:anywhere;font:inherit;margin:0}
iframe{width:100%;min-height:24rem;border:0}`;

/**
 * The embedded shape's local mailbox: the mail the product would have sent, newest first.
 * Mounted only when no SMTP server is configured; like the built-in sign-in, it suits a private
 * install only. Captured mail holds invitation links, so each person sees only the messages
 * addressed to them: `identify` says who the browser is signed in as (the app passes the auth
 * feature's session cookie check), and that identity's e-mail decides; the mail merges they sent
 * are theirs to see too. The product's own mail shows in the list as text; a mail merge's message
 * is listed and opens on its own page (`{path}/{id}`), one at a time as in a mail client, so that
 * opening three messages is three opens, not every message in the list at once. Its 'Show
 * original' (`{path}/{id}/original`) is the RFC 5322 source the local transport built, as text.
 * Anonymous visitors see no message, only a way to sign in and come back.
 */
export function registerMailboxPage(
  app: FastifyInstance,
  options: {
    /** Where it answers (the door names the stand-ins' paths). */
    path: string;
    database: Database;
    productName: string;
    identify: (request: FastifyRequest) => Promise<{ email: string } | null>;
  },
) {
  const { path, database } = options;
  const product = escapeHtml(options.productName);
  const send = (reply: FastifyReply, title: string, content: string) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title} | ${product}</title>
<style>
${STYLE}
</style></head><body><main>
${content}
</main></body></html>`);
  const signIn = (reply: FastifyReply, continueTo: string) =>
    send(
      reply,
      'Local mailbox',
      `<h1>Local mailbox</h1>
<p>Sign in to see the mail sent to you.</p>
<p><a href="${escapeHtml(loginHrefFor(continueTo))}">Sign in</a></p>`,
    );
  const notFound = (reply: FastifyReply) =>
    reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  /** The message at `:id` if the signed-in person sees it in their mailbox, else null. */
  const visible = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const who = await options.identify(request);
    if (!who || !UUID.test(request.params.id)) return { who, message: null };
    return { who, message: (await messageFor(database.db, who.email, request.params.id)) ?? null };
  };

  // Pages for people, not API calls: kept out of the OpenAPI document.
  app.get(path, { schema: { hide: true } }, async (request, reply) => {
    const who = await options.identify(request);
    const intro = `<h1>Local mailbox</h1>
<p>No SMTP server is configured (SMTP_URL), so ${product} keeps the mail it would send here.</p>`;
    if (!who) {
      return send(
        reply,
        'Local mailbox',
        `${intro}
<p>Sign in to see the mail sent to you.</p>
<p><a href="${escapeHtml(loginHrefFor(path))}">Sign in</a></p>`,
      );
    }
    const messages = await latestMessagesFor(database.db, who.email, 100);
    const email = escapeHtml(who.email.toLowerCase());
    const items = messages
      .map((m) => {
        const subject = m.isHtml
          ? `<a href="${path}/${m.id}">${escapeHtml(m.subject)}</a>`
          : escapeHtml(m.subject);
        const body = m.isHtml ? '' : `\n  <pre>${linkify(m.textBody)}</pre>`;
        return `<article>
  <h2>${subject}</h2>
  <p class="meta">To ${escapeHtml(m.toAddress)} · ${when(m.createdAt)}</p>${body}
</article>`;
      })
      .join('\n');
    return send(
      reply,
      'Local mailbox',
      `${intro}
<p>Mail sent to ${email}, and the mail merges ${email} sent.</p>
${items || `<p>No mail for ${email} yet.</p>`}`,
    );
  });

  app.get<{ Params: { id: string } }>(`${path}/:id`, { schema: { hide: true } }, async (request, reply) => {
    const { who, message } = await visible(request);
    if (!who) return signIn(reply, `${path}/${encodeURIComponent(request.params.id)}`);
    if (!message) return notFound(reply);
    const body =
      message.htmlBody === null ? `<pre>${linkify(message.textBody)}</pre>` : htmlFrame(message.htmlBody);
    const original =
      message.rawSource === null ? '' : ` · <a href="${path}/${message.id}/original">Show original</a>`;
    return send(
      reply,
      escapeHtml(message.subject),
      `<p><a href="${path}">Back to the mailbox</a></p>
<div class="message">
<h1>${escapeHtml(message.subject)}</h1>
<p class="meta">To ${escapeHtml(message.toAddress)} · ${when(message.createdAt)}${original}</p>
${body}
</div>`,
    );
  });

  app.get<{ Params: { id: string } }>(
    `${path}/:id/original`,
    { schema: { hide: true } },
    async (request, reply) => {
      const { message } = await visible(request);
      if (!message?.rawSource) return notFound(reply);
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', 'inline')
        .send(message.rawSource);
    },
  );
}

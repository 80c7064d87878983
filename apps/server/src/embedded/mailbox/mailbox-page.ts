import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loginHrefFor } from '@mergeboard/core';
import type { Database } from '../../db/client';
import { latestMessagesFor } from './mailbox-queries';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Links in captured mail stay clickable; everything else is escaped text. */
const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/**
 * A message's body: a mail merge's HTML as its recipient would see it, in a sandboxed frame (no
 * script runs, no access to this page); the product's own mail as text with clickable links.
 */
const body = (message: { textBody: string; htmlBody: string | null }) =>
  message.htmlBody === null
    ? `<pre>${linkify(message.textBody)}</pre>`
    : `<iframe sandbox title="Message" srcdoc="${escapeHtml(message.htmlBody)}"></iframe>`;

/**
 * The embedded shape's local mailbox: the mail the product would have sent, newest first.
 * Mounted only when no SMTP server is configured; like the built-in sign-in, it suits a private
 * install only. Captured mail holds invitation links, so each person sees only the messages
 * addressed to them: `identify` says who the browser is signed in as (the app passes the auth
 * feature's session cookie check), and that identity's e-mail decides; the mail merges they sent
 * are theirs to see too, each message rendered with its own row's values. Anonymous visitors see
 * no message, only a way to sign in and come back.
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
  // A page for people, not an API call: kept out of the OpenAPI document.
  app.get(options.path, { schema: { hide: true } }, async (request, reply) => {
    const product = escapeHtml(options.productName);
    const who = await options.identify(request);
    let content: string;
    if (!who) {
      content = `<p>Sign in to see the mail sent to you.</p>
<p><a href="${escapeHtml(loginHrefFor(options.path))}">Sign in</a></p>`;
    } else {
      const messages = await latestMessagesFor(options.database.db, who.email, 100);
      const email = escapeHtml(who.email.toLowerCase());
      const items = messages
        .map(
          (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To ${escapeHtml(m.toAddress)} · ${m.createdAt.toISOString().replace('T', ' ').slice(0, 16)} UTC</p>
  ${body(m)}
</article>`,
        )
        .join('\n');
      content = `<p>Mail sent to ${email}, and the mail merges ${email} sent.</p>
${items || `<p>No mail for ${email} yet.</p>`}`;
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Local mailbox | ${product}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f8f9fa;color:#212529}
main{max-width:48rem;margin:0 auto;padding:1.5rem}
article{background:#fff;border:1px solid #dee2e6;border-radius:.5rem;padding:1rem 1.25rem;margin:1rem 0}
h1{font-size:1.5rem}h2{font-size:1.1rem;margin:0 0 .25rem}.meta{color:#6c757d;margin:0 0 .75rem;font-size:.9rem}
pre{white-space:pre-wrap;overflow-wrap:anywhere;font:inherit;margin:0}
iframe{width:100%;min-height:12rem;border:0}
</style></head><body><main>
<h1>Local mailbox</h1>
<p>No SMTP server is configured (SMTP_URL), so ${product} keeps the mail it would send here.</p>
${content}
</main></body></html>`);
  });
}

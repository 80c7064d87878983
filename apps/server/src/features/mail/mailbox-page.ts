import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { latestMessages } from './mail-queries';

export const MAILBOX_PATH = '/mailbox';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Links in captured mail stay clickable; everything else is escaped text. */
const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/**
 * The embedded shape's local mailbox: every message the product would have sent, newest first.
 * Mounted only when no SMTP server is configured; like the built-in sign-in, it suits a private
 * install only.
 */
export function registerMailboxPage(
  app: FastifyInstance,
  options: { database: Database; productName: string },
) {
  // A page for people, not an API call: kept out of the OpenAPI document.
  app.get(MAILBOX_PATH, { schema: { hide: true } }, async (_request, reply) => {
    const messages = await latestMessages(options.database.db, 100);
    const items = messages
      .map(
        (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To ${escapeHtml(m.toAddress)} · ${m.createdAt.toISOString().replace('T', ' ').slice(0, 16)} UTC</p>
  <pre>${linkify(m.textBody)}</pre>
</article>`,
      )
      .join('\n');
    const product = escapeHtml(options.productName);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Local mailbox | ${product}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f8f9fa;color:#212529}
main{max-width:48rem;margin:0 auto;padding:1.5rem}
article{background:#fff;border:1px solid #dee2e6;border-radius:.5rem;padding:1rem 1.25rem;margin:1rem 0}
h1{font-size:1.5rem}h2{font-size:1.1rem;margin:0 0 .25rem}.meta{color:#6c757d;margin:0 0 .75rem;font-size:.9rem}
pre{white-space:pre-wrap;font:inherit;margin:0}
</style></head><body><main>
<h1>Local mailbox</h1>
<p>No SMTP server is configured (SMTP_URL), so ${product} keeps the mail it would send here.</p>
${items || '<p>No mail yet.</p>'}
</main></body></html>`);
  });
}

/** What the hit endpoints answer: a transparent pixel, and two small pages for people. */

/** A 1×1 transparent GIF (43 bytes). */
export const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(options: { title: string; productName: string; body: string }): string {
  const product = escapeHtml(options.productName);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${options.title} | ${product}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f8f9fa;color:#212529;line-height:1.5}
main{max-width:32rem;margin:3rem auto;padding:1.5rem;background:#fff;border:1px solid #dee2e6;border-radius:.5rem}
@media (max-width:36rem){main{margin:1rem}}
h1{font-size:1.5rem;margin-top:0}
button{font:inherit;font-weight:600;color:#fff;background:#1864ab;border:0;border-radius:.25rem;padding:.625rem 1.25rem;cursor:pointer}
button:hover{background:#145591}button:focus-visible{outline:3px solid #f08c00;outline-offset:2px}
</style></head><body><main>
${options.body}
</main></body></html>`;
}

/** The confirmation page of a visible unsubscribe link: one button; nothing is written until it is pressed. */
export function unsubscribePage(productName: string): string {
  return page({
    title: 'Unsubscribe',
    productName,
    body: `<h1>Unsubscribe</h1>
<p>Press the button to stop receiving these emails.</p>
<form method="post"><input type="hidden" name="confirm" value="1"><button type="submit">Unsubscribe</button></form>`,
  });
}

/** A click link that leads nowhere: no redirect, and nothing about why. */
export function linkNotFoundPage(productName: string): string {
  return page({
    title: 'Link not found',
    productName,
    body: `<h1>Link not found</h1>
<p>This link is not valid. Check that it was copied in full from the email.</p>`,
  });
}

import type { FastifyReply } from 'fastify';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Markup from a template: interpolated values are escaped unless already markup. */
export class Html {
  constructor(readonly markup: string) {}
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let markup = strings[0]!;
  values.forEach((value, index) => {
    const parts = Array.isArray(value) ? value : [value];
    markup += parts
      .map((part) =>
        part instanceof Html ? part.markup : part == null || part === false ? '' : escapeHtml(String(part)),
      )
      .join('');
    markup += strings[index + 1]!;
  });
  return new Html(markup);
}

/** Minor units as a person reads them: 1234 usd → $12.34. */
export const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    amount / 100,
  );

/**
 * A page of the payment sandbox: plainly marked as a test page, readable at 375 px, contrast
 * above WCAG AA (text #1b1f24 on white, links and buttons #0a4f9c).
 */
export function sandboxPage(title: string, body: Html): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} | Stripe test sandbox</title>
<style>
*{box-sizing:border-box}
body{font-family:system-ui,sans-serif;margin:0;background:#f6f8fa;color:#1b1f24;line-height:1.5}
.sandbox{background:#fff3bf;color:#3d2e00;border-bottom:2px solid #8a6d00;padding:.5rem 1rem;text-align:center}
.sandbox p{margin:0}
caption{text-align:left}
main{max-width:32rem;margin:0 auto;padding:1rem}
section{background:#fff;border:1px solid #d0d7de;border-radius:.5rem;padding:1rem;margin:1rem 0}
h1{font-size:1.4rem;margin:.5rem 0}h2{font-size:1.1rem;margin:0 0 .5rem}h3{font-size:1rem;margin:0 0 .25rem}
ul.plain{list-style:none;margin:0;padding:0}ul.plain>li+li{border-top:1px solid #d0d7de;margin-top:1rem;padding-top:1rem}
table{width:100%;border-collapse:collapse}th,td{padding:.35rem 0;text-align:left;vertical-align:top}
td.amount,th.amount{text-align:right;white-space:nowrap;padding-left:.75rem}
tr.total th,tr.total td{border-top:1px solid #d0d7de;font-weight:700}
label{display:block;font-weight:600;margin-bottom:.25rem}
input,select{width:100%;font:inherit;padding:.6rem;border:1px solid #57606a;border-radius:.375rem;background:#fff}
input[aria-invalid=true]{border-color:#a40e26}
.hint{color:#424a53;font-size:.9rem;margin:.25rem 0 0}
.error{color:#a40e26;font-weight:600;margin:.5rem 0}
button{font:inherit;font-weight:600;border:0;border-radius:.375rem;padding:.7rem 1rem;margin-top:1rem;width:100%;background:#0a4f9c;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#0a4f9c;border:2px solid #0a4f9c}
a{color:#0a4f9c}
</style></head><body>
<header class="sandbox"><p><strong>Test sandbox</strong> — no real card is charged and no money moves.</p></header>
<main>${body.markup}</main></body></html>`;
}

export const sendPage = (reply: FastifyReply, status: number, page: string) =>
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    // The session id in the address must not leak to other sites; `no-referrer` would make the
    // browser send `Origin: null` with the page's own forms, which the same-origin check refuses.
    .header('referrer-policy', 'same-origin')
    .send(page);

/**
 * The one card field of the hosted pages (checkout and portal): its label, the test cards' hint
 * and the last try's error, tied to the input for screen readers.
 */
export function cardField(options: { label: string; hint: string; error: string | null }): Html {
  const { error } = options;
  const described = error ? 'card-hint card-error' : 'card-hint';
  return html`<label for="card-number">${options.label}</label>
    <input
      id="card-number"
      name="cardNumber"
      type="text"
      inputmode="numeric"
      autocomplete="cc-number"
      required
      maxlength="23"
      aria-describedby="${described}"
      ${error ? html` aria-invalid="true" autofocus` : ''}
    />
    <p class="hint" id="card-hint">${options.hint}</p>
    ${error ? html`<p class="error" id="card-error" role="alert">${error}</p>` : ''}`;
}

import { PORTAL_URL_LIFETIME_SECONDS, PORTAL_VISIT_LIFETIME_SECONDS } from '../portal-sessions';
import { hostedPortalPath } from '../sandbox-paths';
import type { StripeObject } from '../sandbox-store';
import { cardField, html, money, sandboxPage } from './page-layout';
import { priceTable, type PriceRows } from './price-rows';

/** What the portal shows of one customer. */
export interface PortalView {
  session: StripeObject;
  card: StripeObject | null;
  /** Each live subscription, what it is called and what it costs each period. */
  subscriptions: PortalSubscription[];
  invoices: StripeObject[];
  /** The customer's test clock, when it lives on one. */
  clock: StripeObject | null;
}

export interface PortalSubscription {
  subscription: StripeObject;
  rows: PriceRows;
}

type Item = { current_period_end: number };

const day = (seconds: number) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(seconds * 1000));

/** How far the portal's clock control moves a test clock (see CLOCK_STEPS in hosted-portal). */
export const CLOCK_STEP_LABELS = {
  day: 'One day',
  week: 'One week',
  month: 'One month',
  renewal: 'Past the next renewal',
} as const;
export type ClockStep = keyof typeof CLOCK_STEP_LABELS;

/**
 * Stripe's dashboard moves test clocks; the sandbox has no dashboard, so a customer on a test
 * clock can move it from the portal, to watch renewals, failed payments and scheduled changes.
 */
function clockSection(session: StripeObject, clock: StripeObject) {
  const time = new Intl.DateTimeFormat('en-US', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date((clock.frozen_time as number) * 1000));
  return html`<section aria-labelledby="clock-title">
    <h2 id="clock-title">Test clock</h2>
    <p>This customer's billing runs on a test clock. It is now ${time} UTC.</p>
    <form method="post" action="${hostedPortalPath(session.id)}/clock">
      <label for="clock-step">Advance the clock by</label>
      <select id="clock-step" name="step">
        ${Object.entries(CLOCK_STEP_LABELS).map(
          ([value, label]) => html`<option value="${value}">${label}</option>`,
        )}
      </select>
      <button type="submit" class="secondary">Advance the clock</button>
    </form>
  </section>`;
}

/** 'Active', 'Past due': a subscription's status as a person reads it. */
const statusText = (status: string) =>
  `${status.charAt(0).toUpperCase()}${status.slice(1)}`.replace('_', ' ');

/**
 * A subscription by its plan's name (the product's, as the app names the plan), its price per
 * period broken down as the app's order summary breaks it down (discount and taxes included, so the
 * total is the app's figure), when it renews or ends, and the way to cancel it at the period end.
 */
function subscriptionEntry(session: StripeObject, { subscription, rows }: PortalSubscription) {
  const items = (subscription.items as { data: Item[] }).data;
  const end = items[0]?.current_period_end ?? 0;
  const canceling = Boolean(subscription.cancel_at_period_end);
  const plan = [...new Set(rows.items.map((item) => item.name))].join(', ');
  return html`<li>
    <h3>${plan} <span class="hint">· ${statusText(String(subscription.status))}</span></h3>
    ${priceTable(rows, null)}
    <p>${canceling ? `Cancels on ${day(end)}` : `Renews on ${day(end)}`}</p>
    ${
      canceling
        ? ''
        : html`<form method="post" action="${hostedPortalPath(session.id)}/cancel">
            <input type="hidden" name="subscription" value="${subscription.id}" />
            <button type="submit" class="secondary">Cancel at period end</button>
          </form>`
    }
  </li>`;
}

function invoiceList(invoices: StripeObject[]) {
  if (invoices.length === 0) return html`<p>No invoices yet.</p>`;
  return html`<table>
    <thead>
      <tr>
        <th scope="col">Date</th>
        <th scope="col">Status</th>
        <th scope="col" class="amount">Amount</th>
      </tr>
    </thead>
    <tbody>
      ${invoices.map(
        (invoice) =>
          html`<tr>
            <td>
              ${
                invoice.hosted_invoice_url
                  ? html`<a href="${invoice.hosted_invoice_url}">${day(invoice.created as number)}</a>`
                  : day(invoice.created as number)
              }
            </td>
            <td>${String(invoice.status)}</td>
            <td class="amount">${money(invoice.total as number, invoice.currency as string)}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

/** The customer portal: the subscription, its card (update), its invoices, a way back. */
export function portalPage(view: PortalView, error: string | null): string {
  const { session, card } = view;
  const brand = card ? String((card.card as { brand: string }).brand) : '';
  return sandboxPage(
    'Customer portal',
    html`<h1>Manage your billing</h1>
      <section aria-labelledby="subscriptions-title">
        <h2 id="subscriptions-title">Subscription</h2>
        ${
          view.subscriptions.length
            ? html`<ul class="plain">
                ${view.subscriptions.map((entry) => subscriptionEntry(session, entry))}
              </ul>`
            : html`<p>No current subscription.</p>`
        }
      </section>
      <section aria-labelledby="card-title">
        <h2 id="card-title">Payment method</h2>
        <p>
          ${
            card
              ? `${brand.charAt(0).toUpperCase()}${brand.slice(1)} ending in ${(card.card as { last4: string }).last4}`
              : 'No card saved.'
          }
        </p>
        <form method="post" action="${hostedPortalPath(session.id)}/card">
          ${cardField({
            label: 'New card number',
            hint: 'Test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 asks for authentication, 4000 0000 0000 0341 fails its charges. Saving a card pays an open invoice.',
            error,
          })}
          <button type="submit">Update card</button>
        </form>
      </section>
      <section aria-labelledby="invoices-title">
        <h2 id="invoices-title">Invoices</h2>
        ${invoiceList(view.invoices)}
      </section>
      ${view.clock ? clockSection(session, view.clock) : ''} ${returnLink(session)}`,
  );
}

const returnLink = (session: StripeObject) =>
  session.return_url ? html`<p><a href="${session.return_url}">Return to Mergeboard</a></p>` : '';

/** A portal session past its time (portal-sessions.ts): what happened and the way back, no portal. */
export function expiredPortalPage(session: StripeObject): string {
  return sandboxPage(
    'Portal session expired',
    html`<h1>This portal session has expired</h1>
      <section>
        <p>
          For your security, a link to the customer portal must be opened within
          ${PORTAL_URL_LIFETIME_SECONDS / 60} minutes, and works for ${PORTAL_VISIT_LIFETIME_SECONDS / 60}
          minutes once opened. Nothing was changed. Open the portal again from the app.
        </p>
      </section>
      ${returnLink(session)}`,
  );
}

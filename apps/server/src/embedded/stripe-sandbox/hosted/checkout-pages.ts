import { hostedCheckoutPath, hostedInvoicePath } from '../sandbox-paths';
import type { StripeObject } from '../sandbox-store';
import { cardField, html, money, sandboxPage, type Html } from './page-layout';
import { priceTable, type PriceRows } from './price-rows';

/** What the order summary shows: the session, its price broken down, how often it is billed. */
export interface OrderSummary {
  session: StripeObject;
  rows: PriceRows;
  interval: string;
}

function summarySection(order: OrderSummary): Html {
  return html`<section aria-labelledby="summary-title">
    <h2 id="summary-title">Order summary</h2>
    ${priceTable(order.rows, `Billed every ${order.interval}, starting today.`)}
  </section>`;
}

const cancelLink = (session: StripeObject) =>
  session.cancel_url ? html`<p><a href="${session.cancel_url}">Cancel and go back</a></p>` : '';

/** The payment form: the order, one card field, Pay; an error from the last try when there was one. */
export function checkoutPage(order: OrderSummary, error: string | null): string {
  const { session } = order;
  const id = session.id;
  return sandboxPage(
    'Checkout',
    html`<h1>Complete your purchase</h1>
      ${summarySection(order)}
      <section aria-labelledby="pay-title">
        <h2 id="pay-title">Pay with card</h2>
        <form method="post" action="${hostedCheckoutPath(id)}/pay">
          ${cardField({
            label: 'Card number',
            hint: 'Test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 asks for authentication.',
            error,
          })}
          <button type="submit">
            Pay ${money(session.amount_total as number, session.currency as string)}
          </button>
        </form>
      </section>
      ${cancelLink(session)}`,
  );
}

/** The bank's question of card 3155 (`what`: the amount, and the card): complete or fail it. */
function authenticationStep(action: string, what: string) {
  return html`<section aria-labelledby="auth-title">
    <h2 id="auth-title">3-D Secure test page</h2>
    <p>Your bank asks you to confirm the payment of ${what}.</p>
    <form method="post" action="${action}">
      <input type="hidden" name="result" value="complete" /><button type="submit">
        Complete authentication
      </button>
    </form>
    <form method="post" action="${action}">
      <input type="hidden" name="result" value="fail" /><button type="submit" class="secondary">
        Fail authentication
      </button>
    </form>
  </section>`;
}

/** The 3-D Secure step of card 3155: the person completes or fails the authentication. */
export function authenticationPage(session: StripeObject, last4: string): string {
  const action = `${hostedCheckoutPath(session.id)}/authenticate`;
  return sandboxPage(
    'Authenticate your payment',
    html`<h1>Authenticate your payment</h1>
      ${authenticationStep(
        action,
        `${money(session.amount_total as number, session.currency as string)} with the card ending in ${last4}`,
      )}`,
  );
}

/** A session that can no longer be paid: complete (paid) or expired. */
export function closedPage(session: StripeObject): string {
  const complete = session.status === 'complete';
  return sandboxPage(
    complete ? 'Payment complete' : 'Checkout expired',
    html`<h1>${complete ? 'This purchase is paid' : 'This checkout has expired'}</h1>
      <section>
        <p>
          ${complete ? 'Nothing more to pay here.' : 'Nothing was charged. Start the purchase again from the app.'}
        </p>
      </section>
      ${cancelLink(session)}`,
  );
}

/**
 * An invoice's hosted page: what was billed, line by line with its discount and taxes, and whether
 * it is paid; when its payment waits for authentication (3155 charged with the customer there),
 * the 3-D Secure test step.
 */
export function invoicePage(
  invoice: StripeObject,
  rows: PriceRows,
  options: { awaitsAuthentication: boolean; notice: string | null },
): string {
  const action = `${hostedInvoicePath(invoice.id)}/authenticate`;
  const currency = invoice.currency as string;
  const title = `Invoice ${String(invoice.number ?? invoice.id)}`;
  return sandboxPage(
    title,
    html`<h1>${title}</h1>
      <section aria-labelledby="billed-title">
        <h2 id="billed-title">What was billed</h2>
        ${priceTable(rows, null)}
      </section>
      <section aria-labelledby="payment-title">
        <h2 id="payment-title">Payment</h2>
        <table>
          <tbody>
            <tr>
              <td>Status</td>
              <td class="amount">${String(invoice.status)}</td>
            </tr>
            <tr>
              <td>Amount paid</td>
              <td class="amount">${money(invoice.amount_paid as number, currency)}</td>
            </tr>
          </tbody>
        </table>
        ${options.notice ? html`<p role="alert">${options.notice}</p>` : html``}
      </section>
      ${
        options.awaitsAuthentication
          ? authenticationStep(action, money(invoice.amount_due as number, currency))
          : html``
      }`,
  );
}

import { SANDBOX_STRIPE_PREFIX } from '../../features/billing';

export { SANDBOX_STRIPE_PREFIX };

/** The hosted payment page of a checkout session, for people (no API key). */
export const hostedCheckoutPath = (sessionId: string) => `${SANDBOX_STRIPE_PREFIX}/checkout/${sessionId}`;

/** An invoice's hosted page (`hosted_invoice_url`). */
export const hostedInvoicePath = (invoiceId: string) => `${SANDBOX_STRIPE_PREFIX}/invoices/${invoiceId}`;

/** A billing portal session's page, for the customer (no API key). */
export const hostedPortalPath = (sessionId: string) => `${SANDBOX_STRIPE_PREFIX}/portal/${sessionId}`;

import type { AppContext } from '../../../app-context';
import { AppError } from '../../../http/app-error';
import { portalSubscriptionsOf } from '../billing-queries';

const RETURN_URL_REFUSED = 'returnUrl must be a path or URL of this app';

/** The portal's return link leads back into this app only: never an open redirect. */
function ownAppUrl(publicUrl: string, returnUrl: string): string {
  const own = new URL(publicUrl);
  const target = URL.canParse(returnUrl, own.href) ? new URL(returnUrl, own) : null;
  if (!target || target.origin !== own.origin) {
    throw new AppError('validation_failed', RETURN_URL_REFUSED, {
      fields: { 'query.returnUrl': RETURN_URL_REFUSED },
    });
  }
  return target.href;
}

/**
 * API-033, BILL-033: a customer portal session for the space's subscription, when it is paid
 * through Stripe; the space's current subscription (else its newest) decides.
 */
export async function customerPortalOf(
  context: AppContext,
  options: { workspaceId: string; returnUrl: string },
): Promise<{ stripeCustomerPortalUrl: string }> {
  const returnUrl = ownAppUrl(context.config.publicUrl, options.returnUrl);
  const rows = await portalSubscriptionsOf(context.database.db, options.workspaceId);
  const current = rows.find((row) => row.status !== 'CANCELED') ?? rows[0];
  if (current?.paymentSource !== 'STRIPE' || !current.customerId) {
    throw new AppError(
      'portal_not_available',
      'This space’s plan is not paid through Stripe, so there is no customer portal to manage it.',
    );
  }
  const session = await context.payments.stripe.billingPortal.sessions.create({
    customer: current.customerId,
    return_url: returnUrl,
  });
  return { stripeCustomerPortalUrl: session.url };
}

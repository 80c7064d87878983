import { randomUUID } from 'node:crypto';
import type { CheckoutForm } from '@mergeboard/core';
import type Stripe from 'stripe';
import type { Db } from '../../../db/client';
import type { checkoutSessions } from '../../../db/schema';
import { AppError } from '../../../http/app-error';
import { upsertBillingCustomer } from './billing-customer';
import {
  anySubscriptionIn,
  expireOpenCheckouts,
  insertCheckoutSession,
  keepOpenCheckout,
} from './checkout-queries';
import { resolvePurchase, type PurchaseRequest } from './checkout-plans';
import { discountsOf, subscriptionItemsOf } from './price-preview';

/** Subscriptions that still bill: a space with one of these buys seats, not a new plan. */
const LIVE_STATUSES = ['ACTIVE', 'PAST_DUE'] as const;

/** A hosted checkout stays open this long (Stripe's own default is 24 h). */
const CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;

interface CheckoutRequest extends PurchaseRequest {
  workspaceId: string;
  buyer: { userId: string; email: string };
  form: CheckoutForm;
  /** Where the space's pages live: /{workspaceId}/{slug}. */
  urlPrefix: string;
  publicUrl: string;
  goBackPath: string;
  provider: string;
}

/** An in-app path only: the hosted page must never send the buyer to another site. */
function inAppPath(path: string): string {
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) {
    throw new AppError('validation_failed', 'goBackUrl must be a path of this app', {
      fields: { 'body.goBackUrl': 'goBackUrl must be a path of this app' },
    });
  }
  return path;
}

/** C7–C9: the billing page reads the purchase from these on return. */
function returnQuery(request: CheckoutRequest): string {
  const seats = (plan: string) =>
    request.seatPlans.filter((line) => line.userPlan === plan).reduce((sum, line) => sum + line.quantity, 0);
  return new URLSearchParams({
    status: 'success',
    from: 'FREE',
    to: request.workspacePlan,
    toInterval: request.billingInterval,
    gmailSeats: String(seats('PRO_PERSONAL')),
    workspaceSeats: String(seats('PRO')),
  }).toString();
}

async function refuseLiveSubscription(db: Db, workspaceId: string): Promise<void> {
  if (await anySubscriptionIn(db, workspaceId, [...LIVE_STATUSES])) {
    throw new AppError(
      'subscription_exists',
      'This space already has a subscription: change its seats or plan from the billing page',
    );
  }
}

const PENDING_PREFIX = 'pending_';

/**
 * Makes this checkout the space's one open checkout (a unique index allows one OPEN row per
 * space): earlier open ones are marked expired and returned, to be expired at the provider too.
 * No provider call happens inside the transaction — the sandbox shares the embedded database.
 */
async function claimOpenCheckout(
  db: Db,
  row: typeof checkoutSessions.$inferInsert,
): Promise<{ id: string; superseded: string[] }> {
  try {
    return await db.transaction(async (tx) => {
      const superseded = await expireOpenCheckouts(tx, row.workspaceId);
      return {
        id: await insertCheckoutSession(tx, row),
        superseded: superseded
          .map((session) => session.providerSessionId)
          .filter((id) => !id.startsWith(PENDING_PREFIX)),
      };
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') {
      throw new AppError('conflict', 'Another checkout for this space is starting; try again in a moment');
    }
    throw error;
  }
}

/** Expires superseded sessions at the provider; one already paid means the space just bought. */
async function expireAtProvider(stripe: Stripe, sessionIds: string[]): Promise<void> {
  for (const id of sessionIds) {
    const current = await stripe.checkout.sessions.retrieve(id);
    if (current.status === 'complete') {
      throw new AppError(
        'subscription_exists',
        'A purchase for this space has just completed: open the billing page to see it',
      );
    }
    if (current.status === 'open') await stripe.checkout.sessions.expire(id);
  }
}

/**
 * CHK-064, CHK-066: the customer first (address, name, VAT id), then a hosted Checkout for the
 * seats with the volume coupon and the tax rate computed here; recorded so the return and the
 * webhook find the space.
 */
export async function startCheckout(
  db: Db,
  stripe: Stripe,
  request: CheckoutRequest,
): Promise<{ stripeCheckoutSessionId: string; url: string }> {
  const goBackPath = inAppPath(request.goBackPath);
  await refuseLiveSubscription(db, request.workspaceId);
  const purchase = await resolvePurchase(db, stripe, request);
  const { form } = request;
  const address = {
    country: form.country,
    state: form.state,
    city: form.city,
    postalCode: form.code,
    street: form.street,
  };
  const customerId = await upsertBillingCustomer(db, stripe, {
    workspaceId: request.workspaceId,
    provider: request.provider,
    details: {
      email: request.buyer.email,
      name: form.name,
      companyName: form.companyName,
      isBusiness: form.isBusinessPurchase,
      vatNumber: form.vatNumber,
      address,
    },
  });
  const claim = await claimOpenCheckout(db, {
    workspaceId: request.workspaceId,
    userId: request.buyer.userId,
    provider: request.provider,
    providerSessionId: `${PENDING_PREFIX}${randomUUID()}`,
    workspacePlan: request.workspacePlan,
    billingInterval: request.billingInterval,
    currency: purchase.currency,
    purchaseType: form.isBusinessPurchase ? 'B2B' : 'B2C',
    customerName: form.name,
    companyName: form.companyName || null,
    vatNumber: form.isBusinessPurchase ? form.vatNumber : null,
    address,
    plans: purchase.lines,
    taxRate: purchase.taxRatePercent,
    goBackUrl: goBackPath,
    expiresAt: new Date(Date.now() + CHECKOUT_LIFETIME_MS),
  });
  await expireAtProvider(stripe, claim.superseded);

  const billingPage = `${request.publicUrl}${request.urlPrefix}/space/billing`;
  const metadata = { workspaceId: request.workspaceId, workspacePlan: request.workspacePlan };
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customerId,
    client_reference_id: request.workspaceId,
    line_items: subscriptionItemsOf(purchase),
    discounts: discountsOf(purchase),
    subscription_data: { metadata },
    metadata,
    success_url: `${billingPage}?${returnQuery(request)}&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${request.publicUrl}${goBackPath}`,
    expires_at: Math.floor((Date.now() + CHECKOUT_LIFETIME_MS) / 1000),
  });
  // A newer checkout of the space may have superseded this one meanwhile: then this session is
  // expired before anyone sees it, and the newer one stands.
  const kept = await keepOpenCheckout(db, claim.id, {
    providerSessionId: session.id,
    amountTotal: session.amount_total,
  });
  if (!kept || !session.url) {
    await stripe.checkout.sessions.expire(session.id);
    throw new AppError('conflict', 'Another checkout for this space started meanwhile; use that one');
  }
  return { stripeCheckoutSessionId: session.id, url: session.url };
}

import { checkoutFormOfSession, type CheckoutForm, type PaymentInfo, type UserPlan } from '@mergeboard/core';
import type { AppContext } from '../../../app-context';
import type { workspaces } from '../../../db/schema';
import { AppError } from '../../../http/app-error';
import { syncBillingCustomer } from '../sync/billing-sync';
import { customerIdOfSpace } from './billing-customer';
import {
  checkoutOfSpace,
  newestSubscriptionIn,
  subscriptionOfCheckout,
  userPlansOfPrices,
} from './checkout-queries';
import { resolvePurchase, type PurchaseRequest } from './checkout-plans';
import { startCheckout } from './checkout-session';
import { previewPurchase } from './price-preview';
import { previewAddedSeats } from '../seats/seat-preview';
import { previewSubscriptionChange } from '../subscription-update/change-preview';

type SeatPlans = PurchaseRequest['seatPlans'];

interface PreviewBody {
  country: string;
  purchaseType: 'B2B' | 'B2C';
  billingInterval: PurchaseRequest['billingInterval'];
  workspacePlan: PurchaseRequest['workspacePlan'];
}

/** 000 §4: what the space pays now, for the "current" side of a change. */
async function liveSubscription(context: AppContext, workspaceId: string) {
  return (await newestSubscriptionIn(context.database.db, workspaceId, ['ACTIVE', 'PAST_DUE'])) ?? null;
}

async function priceInfo(
  context: AppContext,
  workspaceId: string,
  body: PreviewBody,
  seatPlans: SeatPlans,
): Promise<PaymentInfo> {
  const { db } = context.database;
  const { stripe } = context.payments;
  const purchase = await resolvePurchase(db, stripe, {
    country: body.country,
    isBusiness: body.purchaseType === 'B2B',
    workspacePlan: body.workspacePlan,
    billingInterval: body.billingInterval,
    seatPlans,
  });
  const preview = await previewPurchase(stripe, purchase, {
    billingInterval: body.billingInterval,
    customerId: await customerIdOfSpace(db, workspaceId),
  });
  const live = await liveSubscription(context, workspaceId);
  return {
    ...preview,
    currentBillingInterval: live?.billingInterval ?? null,
    currentAmount: live?.amount ?? null,
  };
}

/** CHK-068; with previewProratedAmounts (ADDITIONAL_SEATS), seats added to the live subscription. */
export const priceInfoOfSeats = (
  context: AppContext,
  workspaceId: string,
  body: PreviewBody & { seatPlans: SeatPlans; previewProratedAmounts?: boolean },
) =>
  body.previewProratedAmounts
    ? previewAddedSeats(context, workspaceId, body.seatPlans)
    : priceInfo(context, workspaceId, body, body.seatPlans);

/** CHK-070: the older flow lists users and their plans; each paid plan is priced as that many seats. */
export async function priceInfoOfUsers(
  context: AppContext,
  workspaceId: string,
  body: PreviewBody & { userUpdates: { userId: string; userPlan: UserPlan }[] },
  options: { previewProratedChanges?: boolean | undefined } = {},
): Promise<PaymentInfo> {
  if (options.previewProratedChanges) return previewSubscriptionChange(context, workspaceId, body);
  const byPlan = new Map<Exclude<UserPlan, 'FREE'>, string[]>();
  for (const update of body.userUpdates) {
    if (update.userPlan === 'FREE') continue;
    byPlan.set(update.userPlan, [...(byPlan.get(update.userPlan) ?? []), update.userId]);
  }
  if (byPlan.size === 0) {
    throw new AppError('validation_failed', 'userUpdates must make at least one user paid', {
      fields: { 'body.userUpdates': 'userUpdates must make at least one user paid' },
    });
  }
  const seatPlans = [...byPlan].map(([userPlan, userIds]) => ({ userPlan, quantity: userIds.length }));
  const info = await priceInfo(context, workspaceId, body, seatPlans);
  return {
    ...info,
    stripePlans: info.stripePlans.map((plan, index) => ({
      ...plan,
      userIds: byPlan.get(seatPlans[index]!.userPlan) ?? [],
    })),
  };
}

/** The older session request names prices; they are read back as seat plans of our catalogue. */
export async function seatPlansOfStripePlans(
  context: AppContext,
  plans: { stripePriceId: string; quantity: number }[],
): Promise<SeatPlans> {
  const known = plans.length
    ? await userPlansOfPrices(
        context.database.db,
        plans.map((plan) => plan.stripePriceId),
      )
    : [];
  return plans.map((plan) => {
    const userPlan = known.find((candidate) => candidate.stripePriceId === plan.stripePriceId)?.userPlan;
    if (!userPlan || userPlan === 'FREE') {
      throw new AppError('price_not_available', `No price ${plan.stripePriceId} is sold here`, {
        fields: { 'body.stripePlans': `No price ${plan.stripePriceId} is sold here` },
      });
    }
    return { userPlan, quantity: plan.quantity };
  });
}

/** The billing form rules of 000 §5, refused with the spec's texts, keyed like every field error. */
export function checkoutForm(body: Parameters<typeof checkoutFormOfSession>[0]): CheckoutForm {
  const parsed = checkoutFormOfSession(body);
  if (parsed.success) return parsed.data;
  const bodyField: Record<string, string> = {
    country: 'addressInfo.country',
    isBusinessPurchase: 'isB2BTransaction',
    name: 'customerName',
    street: 'addressInfo.street',
    city: 'addressInfo.city',
    state: 'addressInfo.state',
    code: 'addressInfo.postalCode',
  };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]);
    fields[`body.${bodyField[field] ?? field}`] ??= issue.message;
  }
  throw new AppError('validation_failed', Object.values(fields)[0] ?? 'The billing details are not valid', {
    fields,
  });
}

export async function startSpaceCheckout(
  context: AppContext,
  request: {
    space: typeof workspaces.$inferSelect;
    buyer: { id: string; email: string };
    body: Pick<PreviewBody, 'billingInterval' | 'workspacePlan'> & {
      workspaceId?: string | undefined;
      goBackUrl: string;
      seatPlans: SeatPlans;
    };
    form: CheckoutForm;
  },
) {
  const { body, space } = request;
  if (body.workspaceId && body.workspaceId !== space.id) {
    throw new AppError('validation_failed', 'workspaceId must be the space of the path', {
      fields: { 'body.workspaceId': 'workspaceId must be the space of the path' },
    });
  }
  return startCheckout(context.database.db, context.payments.stripe, {
    workspaceId: space.id,
    buyer: { userId: request.buyer.id, email: request.buyer.email },
    form: request.form,
    country: request.form.country,
    isBusiness: request.form.isBusinessPurchase,
    workspacePlan: body.workspacePlan,
    billingInterval: body.billingInterval,
    seatPlans: body.seatPlans,
    urlPrefix: `/${space.id}/${space.slug}`,
    publicUrl: context.config.publicUrl,
    goBackPath: body.goBackUrl,
    provider: context.payments.provider,
  });
}

export async function syncReturnedCheckout(context: AppContext, workspaceId: string, sessionId: string) {
  const { db } = context.database;
  const ours = await checkoutOfSpace(db, workspaceId, sessionId);
  if (!ours) throw new AppError('not_found', 'No checkout of this space has this id');
  const session = await context.payments.stripe.checkout.sessions.retrieve(sessionId);
  const customerId = typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null);
  if (customerId) await syncBillingCustomer(db, context.payments.stripe, customerId);
  const after = await subscriptionOfCheckout(db, ours.id);
  const status: 'open' | 'complete' | 'expired' =
    session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open';
  return { status, subscriptionId: after?.subscriptionId ?? null } as const;
}

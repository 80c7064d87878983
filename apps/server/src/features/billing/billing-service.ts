import { periodCharge, UNLIMITED, type PaymentPlan, type Subscription } from '@mergeboard/core';
import type { Db } from '../../db/client';
import {
  allPaymentPlans,
  latestInvoicesOf,
  scheduledIntervalPlansOf,
  seatPlansOf,
  subscriptionsOfSpace,
  tiersOf,
} from './billing-queries';

type TierRow = Awaited<ReturnType<typeof tiersOf>>[number];

function tiersByPlan(rows: TierRow[]) {
  const byPlan = new Map<string, { upTo: number | null; unitAmount: number }[]>();
  for (const row of rows) {
    const tiers = byPlan.get(row.paymentPlanId) ?? [];
    tiers.push({ upTo: row.upTo, unitAmount: row.unitAmount });
    byPlan.set(row.paymentPlanId, tiers);
  }
  // The open-ended tier (up_to null) comes last, as the provider lists it.
  for (const tiers of byPlan.values()) tiers.sort((a, b) => (a.upTo ?? Infinity) - (b.upTo ?? Infinity));
  return byPlan;
}

/** API-024: every payment plan with its tiers. */
export async function listPaymentPlans(db: Db): Promise<{ items: PaymentPlan[] }> {
  const plans = await allPaymentPlans(db);
  const tiers = tiersByPlan(
    await tiersOf(
      db,
      plans.map((plan) => plan.id),
    ),
  );
  return {
    items: plans.map((plan) => ({
      paymentPlanId: plan.id,
      stripePriceId: plan.stripePriceId,
      listPricePlan: plan.listPricePlan,
      workspacePlan: plan.workspacePlan,
      userPlan: plan.userPlan,
      billingInterval: plan.billingInterval,
      currency: plan.currency,
      isPerSeat: plan.isPerSeat,
      status: plan.status,
      paymentPlanTiers: tiers.get(plan.id) ?? [],
    })),
  };
}

const millis = (date: Date) => String(date.getTime());

/** The unit amount a tiered price asks for this many seats: the first tier that holds them. */
const unitAmountFor = (tiers: { upTo: number | null; unitAmount: number }[], seats: number) =>
  (tiers.find((tier) => tier.upTo === null || seats <= tier.upTo) ?? tiers.at(-1))?.unitAmount ?? null;

/**
 * BILL-013: what each subscription with a scheduled billing-cycle change is billed per period from
 * the change on: its seats at the target interval's price (null when a price is unknown).
 */
async function scheduledAmountsOf(db: Db, subscriptionIds: string[]): Promise<Map<string, number | null>> {
  const plans = await scheduledIntervalPlansOf(db, subscriptionIds);
  const tiers = tiersByPlan(await tiersOf(db, [...new Set(plans.map((plan) => plan.paymentPlanId))]));
  const amounts = new Map<string, number | null>();
  for (const plan of plans) {
    const unit = unitAmountFor(tiers.get(plan.paymentPlanId) ?? [], plan.totalSeats);
    const sum = amounts.has(plan.subscriptionId) ? amounts.get(plan.subscriptionId)! : 0;
    amounts.set(plan.subscriptionId, sum === null || unit === null ? null : sum + unit * plan.totalSeats);
  }
  return amounts;
}

/**
 * API-025: a space's subscriptions as our rows hold them (the webhook sync keeps them equal to the
 * provider's). With retrieveAdditionalStripeInfo, the coupon, the latest invoice and what the next
 * renewal will charge, worked out by the same price rules as every preview (coupon, then tax).
 */
export async function listSpaceSubscriptions(
  db: Db,
  options: { workspaceId: string; includePlans: boolean; additionalInfo: boolean },
): Promise<{ items: Subscription[] }> {
  const rows = await subscriptionsOfSpace(db, options.workspaceId);
  const ids = rows.map((row) => row.id);
  const seatPlans = options.includePlans ? await seatPlansOf(db, ids) : [];
  const tiers = tiersByPlan(
    await tiersOf(db, [...new Set(seatPlans.map((plan) => plan.seats.paymentPlanId))]),
  );
  const invoices = options.additionalInfo ? await latestInvoicesOf(db, ids) : [];
  const changing = rows.filter((row) => row.scheduledBillingInterval !== null).map((row) => row.id);
  const scheduledAmounts = options.additionalInfo ? await scheduledAmountsOf(db, changing) : new Map();
  return {
    items: rows.map((row) => {
      const invoice = invoices.find((entry) => entry.subscriptionId === row.id);
      // After a scheduled billing-cycle change, the next invoice bills the seats at the new interval.
      const nextAmount = scheduledAmounts.get(row.id) ?? row.amount;
      return {
        subscriptionId: row.id,
        workspaceId: row.workspaceId,
        subscriptionStatus: row.status,
        paymentSource: row.paymentSource,
        purchaseType: row.purchaseType,
        billingInterval: row.billingInterval,
        workspacePlan: row.workspacePlan,
        country: row.country,
        currency: row.currency,
        taxRate: row.taxRate,
        amount: row.amount,
        discount: row.discount,
        autoRenew: row.autoRenew,
        subscriptionTimestamp: millis(row.subscribedAt),
        startTimestamp: millis(row.startAt),
        endTimestamp: millis(row.endAt),
        createTimestamp: millis(row.createdAt),
        lastUpdateTimestamp: millis(row.updatedAt),
        stripeSubscriptionScheduleId: row.providerScheduleId,
        scheduledChanges:
          row.scheduledBillingInterval && row.scheduledChangeAt
            ? {
                targetBillingInterval: row.scheduledBillingInterval,
                changeTimestamp: millis(row.scheduledChangeAt),
              }
            : null,
        ...(options.additionalInfo
          ? {
              additionalStripeInfo: {
                country: row.country,
                companyName: row.companyName,
                couponId: row.couponId,
                couponDuration: row.couponDuration,
                couponPercentOff: row.couponPercentOff,
                latestInvoice: invoice
                  ? {
                      paid: invoice.status === 'PAID',
                      hostedInvoiceUrl: invoice.hostedInvoiceUrl,
                      paymentIntent: { status: invoice.paymentIntentStatus },
                    }
                  : null,
                // A 'once' coupon is spent by the first invoice; the renewal pays the full price.
                upcomingInvoice:
                  row.status === 'ACTIVE' && row.autoRenew
                    ? {
                        amountDue: periodCharge({
                          amount: nextAmount,
                          percentOff: row.couponDuration === 'once' ? 0 : row.couponPercentOff,
                          taxRate: row.taxRate,
                        }).total,
                      }
                    : null,
              },
            }
          : {}),
        ...(options.includePlans
          ? {
              subscriptionPaymentPlans: seatPlans
                .filter((plan) => plan.seats.subscriptionId === row.id)
                .map(({ seats, stripePriceId }) => ({
                  paymentPlanId: seats.paymentPlanId,
                  stripePriceId,
                  userPlanType: seats.userPlan,
                  legalEntity: seats.legalEntity,
                  numberOfLicensesUsed: seats.assignedSeats,
                  allowedQuantity: seats.allowedQuantity,
                  assignedSeats: seats.assignedSeats,
                  totalSeats: seats.totalSeats,
                  availableSeats:
                    seats.totalSeats === UNLIMITED
                      ? UNLIMITED
                      : Math.max(0, seats.totalSeats - seats.assignedSeats),
                  tiers: tiers.get(seats.paymentPlanId) ?? [],
                })),
            }
          : {}),
      };
    }),
  };
}

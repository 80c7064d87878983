import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  invoices,
  paymentPlans,
  paymentPlanTiers,
  subscriptionPaymentPlans,
  subscriptions,
} from '../../db/schema';

export async function allPaymentPlans(db: Db) {
  return db.select().from(paymentPlans).orderBy(asc(paymentPlans.workspacePlan), asc(paymentPlans.createdAt));
}

/** The tiers of these plans, lowest first within each. */
export async function tiersOf(db: Db, paymentPlanIds: string[]) {
  if (paymentPlanIds.length === 0) return [];
  return db
    .select()
    .from(paymentPlanTiers)
    .where(inArray(paymentPlanTiers.paymentPlanId, paymentPlanIds))
    .orderBy(asc(paymentPlanTiers.paymentPlanId), asc(paymentPlanTiers.upTo));
}

export async function subscriptionsOfSpace(db: Db, workspaceId: string) {
  return db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.workspaceId, workspaceId))
    .orderBy(desc(subscriptions.createdAt));
}

/** The seat plans of these subscriptions, with the price each is sold at. */
export async function seatPlansOf(db: Db, subscriptionIds: string[]) {
  if (subscriptionIds.length === 0) return [];
  return db
    .select({ seats: subscriptionPaymentPlans, stripePriceId: paymentPlans.stripePriceId })
    .from(subscriptionPaymentPlans)
    .innerJoin(paymentPlans, eq(paymentPlans.id, subscriptionPaymentPlans.paymentPlanId))
    .where(inArray(subscriptionPaymentPlans.subscriptionId, subscriptionIds))
    .orderBy(asc(subscriptionPaymentPlans.createdAt));
}

/** Each subscription's newest invoice. */
export async function latestInvoicesOf(db: Db, subscriptionIds: string[]) {
  if (subscriptionIds.length === 0) return [];
  return db
    .selectDistinctOn([invoices.subscriptionId])
    .from(invoices)
    .where(inArray(invoices.subscriptionId, subscriptionIds))
    .orderBy(invoices.subscriptionId, desc(invoices.createdAt));
}

import {
  BILLING_INTERVALS,
  LIST_PRICE_PLANS,
  LIST_PRICES_USD,
  periodCharge,
  SEATS,
  type BillingInterval,
  type Currency,
  type LegalEntity,
  type ListPricePlan,
  type PurchaseType,
} from '@mergeboard/core';
import type {
  invoices,
  paymentPlanTiers,
  paymentPlans,
  subscriptionPaymentPlans,
  subscriptions,
} from '../../db/schema';
import { listPricePlanShape } from '../../features/billing';
import { DEMO_SPACES } from './accounts';
import { DAY } from './address-book';
import type { Random } from './random';

type NewPaymentPlan = typeof paymentPlans.$inferInsert;

const demoStripePriceId = (plan: ListPricePlan, interval: BillingInterval, currency: Currency) =>
  `price_demo_${plan}_${interval}_${currency}`.toLowerCase();

export interface DemoPaymentPlans {
  plans: NewPaymentPlan[];
  tiers: (typeof paymentPlanTiers.$inferInsert)[];
  idOf(plan: ListPricePlan, interval: BillingInterval, currency: Currency): string;
}

/**
 * Every list price in USD, monthly and yearly, with its amount; plus the EUR (monthly and
 * yearly) and INR (yearly) price identifiers the configuration holds. The spec gives no EUR or
 * INR amounts and seat prices are read from USD plans only, so those carry no tiers.
 */
export function buildPaymentPlans(random: Random, now: Date): DemoPaymentPlans {
  const ids = new Map<string, string>();
  const plans: NewPaymentPlan[] = [];
  const tiers: (typeof paymentPlanTiers.$inferInsert)[] = [];
  const createdAt = new Date(now.getTime() - 900 * DAY);
  const add = (plan: ListPricePlan, interval: BillingInterval, currency: Currency) => {
    const id = random.uuid();
    const stripePriceId = demoStripePriceId(plan, interval, currency);
    ids.set(stripePriceId, id);
    plans.push({
      id,
      stripePriceId,
      listPricePlan: plan,
      ...listPricePlanShape(plan),
      billingInterval: interval,
      currency,
      status: 'ACTIVE',
      createdAt,
      updatedAt: createdAt,
    });
    if (currency === 'USD') {
      tiers.push({ paymentPlanId: id, upTo: null, unitAmount: LIST_PRICES_USD[plan][interval] * 100 });
    }
  };
  for (const plan of LIST_PRICE_PLANS) {
    for (const interval of BILLING_INTERVALS) {
      add(plan, interval, 'USD');
      add(plan, interval, 'EUR');
    }
    add(plan, 'YEARLY', 'INR');
  }
  return {
    plans,
    tiers,
    idOf: (plan, interval, currency) => {
      const id = ids.get(demoStripePriceId(plan, interval, currency));
      if (!id) throw new Error(`No demo payment plan ${plan} ${interval} ${currency}`);
      return id;
    },
  };
}

export interface DemoSubscriptions {
  subscriptions: (typeof subscriptions.$inferInsert)[];
  seatPlans: (typeof subscriptionPaymentPlans.$inferInsert)[];
  invoices: (typeof invoices.$inferInsert)[];
}

interface SubscriptionInput {
  random: Random;
  now: Date;
  plans: DemoPaymentPlans;
  acme: { workspaceId: string; paidMembers: number };
  legacyTeam: { workspaceId: string; paidMembers: number };
}

/**
 * Who pays and how. A STRIPE subscription has a customer at the provider and an invoice per year;
 * a SUPPORT one is set up by our team: nothing at the provider, nothing invoiced.
 */
export interface SubscriptionTerms {
  paymentSource: 'STRIPE' | 'SUPPORT' | 'PAYPAL';
  purchaseType: PurchaseType;
  country: string;
  currency: Currency;
  /** Percent added on the amount (PRICE-003). */
  taxRate: number;
  legalEntity: LegalEntity;
}

/** A US company paying by card in USD: no VAT. */
const US_CARD: SubscriptionTerms = {
  paymentSource: 'STRIPE',
  purchaseType: 'B2B',
  country: 'US',
  currency: 'USD',
  taxRate: 0,
  legalEntity: 'US',
};

/** What one demo subscription is: a yearly one on one payment plan, renewed once. */
interface YearlySubscription {
  key: string;
  workspaceId: string;
  workspacePlan: 'PRO' | 'PREMIUM' | 'LEGACY';
  paymentPlanId: string;
  totalSeats: number;
  allowedQuantity: number;
  assignedSeats: number;
  amount: number;
  companyName: string | null;
  periodStartedDaysAgo: number;
  /** US_CARD unless given. */
  terms?: SubscriptionTerms;
}

/**
 * A yearly subscription renewed once, in its current period, with its seat plan and (paid through
 * Stripe) a paid invoice per year; appended to `result`.
 */
export function addYearlySubscription(
  result: DemoSubscriptions,
  context: { random: Random; now: Date },
  options: YearlySubscription,
): void {
  const daysAgo = (days: number) => new Date(context.now.getTime() - days * DAY);
  const terms = options.terms ?? US_CARD;
  const throughStripe = terms.paymentSource === 'STRIPE';
  const id = context.random.uuid();
  const startAt = daysAgo(options.periodStartedDaysAgo);
  const subscribedAt = daysAgo(options.periodStartedDaysAgo + 365);
  result.subscriptions.push({
    id,
    workspaceId: options.workspaceId,
    status: 'ACTIVE',
    paymentSource: terms.paymentSource,
    purchaseType: terms.purchaseType,
    billingInterval: 'YEARLY',
    workspacePlan: options.workspacePlan,
    country: terms.country,
    currency: terms.currency,
    taxRate: terms.taxRate,
    amount: options.amount,
    autoRenew: true,
    companyName: options.companyName,
    providerCustomerId: throughStripe ? `cus_demo_${options.key}` : null,
    providerSubscriptionId: throughStripe ? `sub_demo_${options.key}` : null,
    subscribedAt,
    startAt,
    endAt: new Date(startAt.getTime() + 365 * DAY),
    createdAt: subscribedAt,
    updatedAt: startAt,
  });
  result.seatPlans.push({
    subscriptionId: id,
    paymentPlanId: options.paymentPlanId,
    userPlan: 'PRO',
    legalEntity: terms.legalEntity,
    allowedQuantity: options.allowedQuantity,
    totalSeats: options.totalSeats,
    assignedSeats: options.assignedSeats,
    createdAt: subscribedAt,
    updatedAt: startAt,
  });
  if (!throughStripe) return;
  const charged = periodCharge({ amount: options.amount, taxRate: terms.taxRate }).total;
  [subscribedAt, startAt].forEach((periodStart, index) => {
    result.invoices.push({
      subscriptionId: id,
      providerInvoiceId: `in_demo_${options.key}_${index + 1}`,
      status: 'PAID',
      currency: terms.currency,
      amountDue: charged,
      amountPaid: charged,
      paymentIntentStatus: 'succeeded',
      periodStart,
      periodEnd: new Date(periodStart.getTime() + 365 * DAY),
      paidAt: periodStart,
      createdAt: periodStart,
      updatedAt: periodStart,
    });
  });
}

/** The Acme Sales (per-seat Pro) and Legacy Team Co (flat TEAM_5) subscriptions. */
export function buildSubscriptions(input: SubscriptionInput): DemoSubscriptions {
  const { random, now, plans } = input;
  const result: DemoSubscriptions = { subscriptions: [], seatPlans: [], invoices: [] };
  addYearlySubscription(
    result,
    { random, now },
    {
      key: 'acme_sales',
      workspaceId: input.acme.workspaceId,
      workspacePlan: 'PRO',
      paymentPlanId: plans.idOf('PROFESSIONAL', 'YEARLY', 'USD'),
      totalSeats: DEMO_SPACES.acme.seats,
      allowedQuantity: SEATS.maximum,
      assignedSeats: input.acme.paidMembers,
      amount: DEMO_SPACES.acme.seats * LIST_PRICES_USD.PROFESSIONAL.YEARLY * 100,
      companyName: 'Acme Inc.',
      periodStartedDaysAgo: 105,
    },
  );
  addYearlySubscription(
    result,
    { random, now },
    {
      key: 'legacy_team_co',
      workspaceId: input.legacyTeam.workspaceId,
      workspacePlan: 'LEGACY',
      paymentPlanId: plans.idOf('TEAM_5', 'YEARLY', 'USD'),
      totalSeats: DEMO_SPACES.legacyTeam.seats,
      allowedQuantity: DEMO_SPACES.legacyTeam.seats,
      assignedSeats: input.legacyTeam.paidMembers,
      amount: LIST_PRICES_USD.TEAM_5.YEARLY * 100,
      companyName: 'Legacy Team Co',
      periodStartedDaysAgo: 210,
    },
  );
  return result;
}

/**
 * The spec names a Premium price (PRICE-009: workspace.premium, yearly and monthly, USD) but gives
 * no amount, and core's list prices have no Premium entry. The demo's own stand-in, in whole units
 * per user, USD (and the same figures in EUR, as the catalogue prices EUR): only the demo's Premium
 * spaces use it.
 */
export const DEMO_PREMIUM_PRICES_USD: Readonly<Record<BillingInterval, number>> = { YEARLY: 96, MONTHLY: 30 };

export const DEMO_PREMIUM_STRIPE_PRICE_ID = (interval: BillingInterval, currency: 'USD' | 'EUR') =>
  `price_demo_premium_${interval}_${currency}`.toLowerCase();

/**
 * The Premium prices of the older (not per-seat) flow, monthly and yearly, in one currency. They
 * belong to no list price (list_price_plan is null), so the list-price plans above stay as they
 * are. Like the list prices, only the USD ones carry their amount as a tier.
 */
export function buildPremiumPaymentPlans(
  random: Random,
  now: Date,
  currency: 'USD' | 'EUR',
): Pick<DemoPaymentPlans, 'plans' | 'tiers'> & { yearlyId: string } {
  const createdAt = new Date(now.getTime() - 900 * DAY);
  const ids = BILLING_INTERVALS.map((interval) => ({ interval, id: random.uuid() }));
  return {
    plans: ids.map(({ interval, id }) => ({
      id,
      stripePriceId: DEMO_PREMIUM_STRIPE_PRICE_ID(interval, currency),
      listPricePlan: null,
      workspacePlan: 'PREMIUM',
      userPlan: 'PRO',
      isPerSeat: false,
      billingInterval: interval,
      currency,
      status: 'ACTIVE',
      createdAt,
      updatedAt: createdAt,
    })),
    tiers:
      currency === 'USD'
        ? ids.map(({ interval, id }) => ({
            paymentPlanId: id,
            upTo: null,
            unitAmount: DEMO_PREMIUM_PRICES_USD[interval] * 100,
          }))
        : [],
    yearlyId: ids.find(({ interval }) => interval === 'YEARLY')?.id ?? '',
  };
}

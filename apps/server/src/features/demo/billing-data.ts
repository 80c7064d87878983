import {
  BILLING_INTERVALS,
  LIST_PRICE_PLANS,
  LIST_PRICES_USD,
  SEATS,
  type BillingInterval,
  type Currency,
  type ListPricePlan,
} from '@mergeboard/core';
import type {
  invoices,
  paymentPlanTiers,
  paymentPlans,
  subscriptionPaymentPlans,
  subscriptions,
} from '../../db/schema';
import { DEMO_SPACES } from './accounts';
import { DAY } from './address-book';
import type { Random } from './random';

type NewPaymentPlan = typeof paymentPlans.$inferInsert;

/**
 * PERSONAL and PROFESSIONAL are the per-seat Pro prices for Gmail-type (PRO_PERSONAL) and domain
 * (PRO) users; the TEAM sizes are the flat legacy team prices.
 */
function planShape(plan: ListPricePlan): Pick<NewPaymentPlan, 'workspacePlan' | 'userPlan' | 'isPerSeat'> {
  if (plan === 'PERSONAL') return { workspacePlan: 'PRO', userPlan: 'PRO_PERSONAL', isPerSeat: true };
  if (plan === 'PROFESSIONAL') return { workspacePlan: 'PRO', userPlan: 'PRO', isPerSeat: true };
  return { workspacePlan: 'LEGACY', userPlan: 'PRO', isPerSeat: false };
}

export const demoStripePriceId = (plan: ListPricePlan, interval: BillingInterval, currency: Currency) =>
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
      ...planShape(plan),
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

/** A yearly subscription renewed once, in its current period, with a paid invoice per year. */
export function buildSubscriptions(input: SubscriptionInput): DemoSubscriptions {
  const { random, now, plans } = input;
  const result: DemoSubscriptions = { subscriptions: [], seatPlans: [], invoices: [] };
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

  const add = (options: {
    key: string;
    workspaceId: string;
    workspacePlan: 'PRO' | 'LEGACY';
    listPricePlan: ListPricePlan;
    totalSeats: number;
    allowedQuantity: number;
    assignedSeats: number;
    amount: number;
    companyName: string;
    periodStartedDaysAgo: number;
  }) => {
    const id = random.uuid();
    const startAt = daysAgo(options.periodStartedDaysAgo);
    const subscribedAt = daysAgo(options.periodStartedDaysAgo + 365);
    result.subscriptions.push({
      id,
      workspaceId: options.workspaceId,
      status: 'ACTIVE',
      paymentSource: 'STRIPE',
      purchaseType: 'B2B',
      billingInterval: 'YEARLY',
      workspacePlan: options.workspacePlan,
      country: 'US',
      currency: 'USD',
      taxRate: 0,
      amount: options.amount,
      autoRenew: true,
      companyName: options.companyName,
      providerCustomerId: `cus_demo_${options.key}`,
      providerSubscriptionId: `sub_demo_${options.key}`,
      subscribedAt,
      startAt,
      endAt: new Date(startAt.getTime() + 365 * DAY),
      createdAt: subscribedAt,
      updatedAt: startAt,
    });
    result.seatPlans.push({
      subscriptionId: id,
      paymentPlanId: plans.idOf(options.listPricePlan, 'YEARLY', 'USD'),
      userPlan: 'PRO',
      legalEntity: 'US',
      allowedQuantity: options.allowedQuantity,
      totalSeats: options.totalSeats,
      assignedSeats: options.assignedSeats,
      createdAt: subscribedAt,
      updatedAt: startAt,
    });
    [subscribedAt, startAt].forEach((periodStart, index) => {
      result.invoices.push({
        subscriptionId: id,
        providerInvoiceId: `in_demo_${options.key}_${index + 1}`,
        status: 'PAID',
        currency: 'USD',
        amountDue: options.amount,
        amountPaid: options.amount,
        paymentIntentStatus: 'succeeded',
        periodStart,
        periodEnd: new Date(periodStart.getTime() + 365 * DAY),
        paidAt: periodStart,
        createdAt: periodStart,
        updatedAt: periodStart,
      });
    });
  };

  add({
    key: 'acme_sales',
    workspaceId: input.acme.workspaceId,
    workspacePlan: 'PRO',
    listPricePlan: 'PROFESSIONAL',
    totalSeats: DEMO_SPACES.acme.seats,
    allowedQuantity: SEATS.maximum,
    assignedSeats: input.acme.paidMembers,
    amount: DEMO_SPACES.acme.seats * LIST_PRICES_USD.PROFESSIONAL.YEARLY * 100,
    companyName: 'Acme Inc.',
    periodStartedDaysAgo: 105,
  });
  add({
    key: 'legacy_team_co',
    workspaceId: input.legacyTeam.workspaceId,
    workspacePlan: 'LEGACY',
    listPricePlan: 'TEAM_5',
    totalSeats: DEMO_SPACES.legacyTeam.seats,
    allowedQuantity: DEMO_SPACES.legacyTeam.seats,
    assignedSeats: input.legacyTeam.paidMembers,
    amount: LIST_PRICES_USD.TEAM_5.YEARLY * 100,
    companyName: 'Legacy Team Co',
    periodStartedDaysAgo: 210,
  });
  return result;
}

import type { Subscription } from '../billing/subscriptions/subscription-contracts';

/** A live yearly Stripe subscription of the billing service's shape (000 §3), for the billing-page rules' tests. */
export const subscription = (overrides: Partial<Subscription> = {}): Subscription => ({
  subscriptionId: 'sub-1',
  workspaceId: 'w-1',
  subscriptionStatus: 'ACTIVE',
  paymentSource: 'STRIPE',
  purchaseType: 'B2B',
  billingInterval: 'YEARLY',
  workspacePlan: 'PRO',
  country: 'US',
  currency: 'USD',
  taxRate: 0,
  amount: 90_000,
  discount: 0,
  autoRenew: true,
  subscriptionTimestamp: '1700000000000',
  startTimestamp: '1700000000000',
  endTimestamp: '1731536000000',
  createTimestamp: '1700000000000',
  lastUpdateTimestamp: '1700000000000',
  stripeSubscriptionScheduleId: null,
  scheduledChanges: null,
  ...overrides,
});

import type { Subscription } from './subscription-contracts';
import type { WorkspacePlan } from '../../constants/domain';

/**
 * BILL-033, 000 §6: 'Manage billing' opens the payment provider's customer portal, which exists
 * for subscriptions paid through Stripe only; support-given, offline and legacy subscriptions are
 * managed by our team and do not show it.
 */
export function canManageBilling(
  subscription: Pick<Subscription, 'paymentSource' | 'subscriptionStatus' | 'workspacePlan'> | null,
  spacePlan: WorkspacePlan,
): boolean {
  if (!subscription || subscription.subscriptionStatus === 'CANCELED') return false;
  if (spacePlan === 'LEGACY' || subscription.workspacePlan === 'LEGACY') return false;
  return subscription.paymentSource === 'STRIPE';
}

import {
  acceptedPurchase,
  flowSteps,
  isGmailUser,
  olderFlowType,
  PURCHASE_DEFAULTS,
  seatFlowType,
  subscriptionState,
  type CheckoutFlowType,
  type CheckoutStep,
  type PurchaseChoice,
  type Subscription,
} from '@mergeboard/core';
import { useSearchParams } from 'react-router';
import { useSubscriptions } from '../api/list-subscriptions';
import { useSpace } from '../../spaces';

export interface CheckoutFlow {
  /** 'seat' in per-seat spaces (000 §4), else the older checkout. */
  kind: 'seat' | 'older';
  type: CheckoutFlowType;
  steps: CheckoutStep[];
  /** The plan and interval of the query, when the flow accepts them (CHK-042, CHK-043). */
  purchase: PurchaseChoice | null;
  /** Whether the query names a plan or an interval at all (CHK-024). */
  hasPurchaseQuery: boolean;
  /** The space's live subscription (older flow); null when it has none. */
  subscription: Subscription | null;
  isGmailUser: boolean;
  /** The older flow waits for the subscription before it knows its type. */
  status: 'pending' | 'error' | 'ready';
  refetch: () => void;
}

/**
 * The flow of the checkout in the active space, its steps and the purchase of the query.
 * Per-seat spaces buy PRO yearly as Gmail or domain purchases; other spaces take their type
 * from the live subscription and the plan asked for (CHK-037 CHK-038 CHK-039 CHK-040).
 */
export function useCheckoutFlow(): CheckoutFlow {
  const { space, user, isPerSeat, details } = useSpace();
  const [search] = useSearchParams();
  const gmailUser = isGmailUser(user.userEmail);
  const subscriptions = useSubscriptions(space.workspaceId, { enabled: !isPerSeat });
  const plan = search.get('plan');
  const interval = search.get('interval');
  const hasPurchaseQuery = plan !== null || interval !== null;
  const userCount = details?.memberCount ?? 1;

  if (isPerSeat) {
    const type = seatFlowType({ step: 'purchase', isGmailUser: gmailUser });
    return {
      kind: 'seat',
      type,
      steps: flowSteps(type),
      purchase: toChoice(
        acceptedPurchase({
          flow: 'seat',
          plan: plan ?? PURCHASE_DEFAULTS.plan,
          interval: interval ?? PURCHASE_DEFAULTS.billingInterval,
          monthlyAllowed: false,
        }),
      ),
      hasPurchaseQuery,
      subscription: null,
      isGmailUser: gmailUser,
      status: 'ready',
      refetch: () => undefined,
    };
  }

  const state = subscriptionState(subscriptions.data?.items ?? []);
  const subscription = state.kind === 'active' ? state.subscription : null;
  const purchase = toChoice(
    acceptedPurchase({
      flow: 'older',
      plan: plan ?? PURCHASE_DEFAULTS.plan,
      interval: interval ?? PURCHASE_DEFAULTS.billingInterval,
      monthlyAllowed: !(details?.restrictions ?? []).includes('MONTHLY_BILLING'),
    }),
  );
  const type = olderFlowType({
    currentPlan: subscription ? space.workspacePlan : space.workspacePlan === 'LEGACY' ? 'LEGACY' : null,
    targetPlan: purchase?.workspacePlan ?? PURCHASE_DEFAULTS.plan,
    legacyType: space.legacyPlanType,
    legalEntity: subscription?.subscriptionPaymentPlans?.[0]?.legalEntity ?? null,
  });
  return {
    kind: 'older',
    type,
    steps: flowSteps(type, { userCount }),
    purchase,
    hasPurchaseQuery,
    subscription,
    isGmailUser: gmailUser,
    status: subscriptions.isPending ? 'pending' : subscriptions.isError ? 'error' : 'ready',
    refetch: () => void subscriptions.refetch(),
  };
}

function toChoice(accepted: ReturnType<typeof acceptedPurchase>): PurchaseChoice | null {
  return accepted ? { workspacePlan: accepted.plan, billingInterval: accepted.interval } : null;
}

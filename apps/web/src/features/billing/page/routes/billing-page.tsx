import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import {
  canManageBilling,
  checkoutErrorOf,
  cycleChangeTarget,
  GENERIC_ERROR,
  isGmailUser,
  isWrongPlan,
  parseCheckoutReturn,
  PLAN_LABELS,
  planLabel,
  subscriptionState,
} from '@mergeboard/core';
import { Link, Navigate, useSearchParams } from 'react-router';
import { paths } from '../../../../config/paths';
import { usePageTitle } from '../../../../lib/page-title';
import { ScheduledRemovalNotice } from '../../seat-removal/components/scheduled-removal-gate';
import { SpaceLoader, useSpace } from '../../../spaces';
import { useSubscriptions } from '../../api/list-subscriptions';
import { useReturnedCheckout } from '../api/sync-returned-checkout';
import { BillingBanners } from '../components/billing-banners';
import { CurrentPlanCard } from '../components/current-plan-card';
import { CustomPlanCard } from '../components/custom-plan-card';
import { FreePlanCard } from '../components/free-plan-card';
import { NewProCard } from '../components/new-pro-card';
import { PremiumCard } from '../components/premium-card';
import { PricingCards } from '../components/pricing-cards';
import { SeatRedirectNotice } from '../components/seat-redirect-notice';
import { PREMIUM_YEARLY, purchaseHref } from '../purchase-href';

/**
 * {prefix}/space/billing (ROUTE-032, BILL-001 BILL-002 BILL-003 BILL-004 BILL-005 BILL-006 BILL-007 BILL-008
 * BILL-009 BILL-010 BILL-011 BILL-012 BILL-013 BILL-014 BILL-015, BILL-033): the space's plan, what it costs,
 * the way to buy one or to change or manage it. Its route requires canAccessWorkspaceBilling (PERM-010).
 */
export function Component() {
  usePageTitle('Billing');
  const { space, user, prefix, isPerSeat, details, permissions } = useSpace();
  const [search] = useSearchParams();
  const billingHref = paths.space.billing.getHref(prefix);
  const sessionId = search.get('session_id');
  const returned = useReturnedCheckout(space.workspaceId, sessionId);
  // BILL-021: members are not served the subscriptions (the route lets managers in only). Back
  // from a checkout, they are read only once the purchase is synced.
  const subscriptions = useSubscriptions(space.workspaceId, {
    enabled: permissions.canReadSubscriptions && sessionId === null,
  });

  if (sessionId) {
    if (returned.isPending) {
      return (
        <Stack gap="lg" maw={880}>
          <Title order={1} size="h2">
            Billing
          </Title>
          <Text role="status">Confirming your purchase…</Text>
          <SpaceLoader />
        </Stack>
      );
    }
    // Synced (or not yet: the payment provider's webhook finishes the job): the banner reads the rest.
    const rest = new URLSearchParams(search);
    rest.delete('session_id');
    return <Navigate to={`${billingHref}?${rest}`} replace />;
  }
  if (isWrongPlan(search.get('plan'), user.type)) {
    return <Navigate to={paths.public.wrongPlan.getHref(`?${search}`)} replace />;
  }
  const checkoutReturn = parseCheckoutReturn(search, space.workspacePlan);
  if (checkoutReturn.type === 'REDIRECT') return <Navigate to={billingHref} replace />;

  const state = subscriptionState(subscriptions.data?.items ?? []);
  const refused = state.kind === 'active' ? checkoutErrorOf(search, state.subscription) : null;
  if (refused) return <Navigate to={`${billingHref}?checkout-error=${refused}`} replace />;

  const purchaseTo = purchaseHref({ prefix, isPerSeat, isGmailUser: isGmailUser(user.userEmail) });
  const subscription = state.kind === 'active' ? state.subscription : null;
  const label = planLabel({
    workspacePlan: subscription?.workspacePlan ?? space.workspacePlan,
    legacyType: space.legacyPlanType,
    paymentSource: subscription?.paymentSource,
    userPlan: space.userPlan,
  });
  const free = subscription === null && space.workspacePlan !== 'LEGACY';
  const cycleTarget =
    subscription &&
    cycleChangeTarget(subscription, {
      flow: isPerSeat ? 'seat' : 'older',
      monthlyAllowed: !(details?.restrictions ?? []).includes('MONTHLY_BILLING'),
    });

  return (
    <Stack gap="lg" maw={880}>
      <Title order={1} size="h2">
        Billing
      </Title>
      {/* BILL-016: opened from the Users page, the way back. */}
      {search.get('from') === 'users' && (
        <Anchor component={Link} to={paths.space.users.getHref(prefix)} w="fit-content">
          Back to users
        </Anchor>
      )}
      <BillingBanners checkoutReturn={checkoutReturn} search={search} />
      <SeatRedirectNotice />
      <ScheduledRemovalNotice />
      {subscriptions.isPending ? (
        <SpaceLoader />
      ) : subscriptions.isError ? (
        <Alert color="red" title={GENERIC_ERROR.title}>
          {GENERIC_ERROR.message}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void subscriptions.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <>
          {free ? (
            <FreePlanCard
              prefix={prefix}
              dailyQuota={user.freeUserQuota}
              canceled={state.kind === 'canceled'}
            />
          ) : label === PLAN_LABELS.CUSTOM ? (
            <CustomPlanCard />
          ) : (
            <CurrentPlanCard
              label={label}
              subscription={subscription}
              prefix={prefix}
              cycleTarget={cycleTarget ?? null}
              manageBilling={canManageBilling(subscription, space.workspacePlan)}
            />
          )}
          {/* BILL-008: the purchase card; a canceled space sees it once it asks (BILL-003). */}
          {free && (state.kind !== 'canceled' || search.get('show-plans') === '1') && (
            <PricingCards accountType={user.type} purchaseTo={purchaseTo} />
          )}
          {space.workspacePlan === 'LEGACY' && isPerSeat && <NewProCard purchaseTo={purchaseTo} />}
          {(subscription?.workspacePlan ?? space.workspacePlan) !== 'PREMIUM' &&
            !(details?.restrictions ?? []).includes('PREMIUM_PLAN') && (
              <PremiumCard
                checkoutTo={isPerSeat ? null : paths.space.checkoutStart.getHref(prefix, PREMIUM_YEARLY)}
              />
            )}
        </>
      )}
    </Stack>
  );
}

import { Button, Stack, Title } from '@mantine/core';
import {
  CHECKOUT_STEPS,
  checkoutFormSchema,
  CYCLE_CHANGE_PARAM,
  PLAN_LABELS,
  priceInfoV2Body,
  seatUserPlan,
  type PurchaseChoice,
} from '@mergeboard/core';
import { useState } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { paths } from '../../../../config/paths';
import { usePageTitle } from '../../../../lib/page-title';
import { useSpace } from '../../../spaces';
import { usePriceInfo } from '../api/price-info';
import { checkoutStorage } from '../checkout-storage';
import { purchaseQuery } from '../checkout-hrefs';
import { ChangeOfPlan } from '../components/change-of-plan';
import { CheckoutFrame } from '../components/checkout-frame';
import { CheckoutPageState } from '../components/checkout-page-state';
import { CycleChangeSummary } from '../components/cycle-change-summary';
import { OrderSummary } from '../components/order-summary';
import { PaidUsersSummary } from '../components/paid-users-summary';
import { ProviderNotice } from '../components/provider-notice';
import { SummaryError } from '../components/summary-error';
import { useCheckoutFlow, type CheckoutFlow } from '../use-checkout-flow';
import { useStartCheckout } from '../use-start-checkout';

/**
 * {prefix}/checkout/summary: review and confirm (CHK-025, CHK-026, CHK-044 CHK-045 CHK-046, MEM-033). A
 * purchase goes on to the hosted checkout with the stored billing form; a change of a live
 * subscription (another plan, change-billing-cycle=1, or paid users chosen on the Users page with
 * from=users) is reviewed with its pro-rated price and applied here. Gmail-type users go back to
 * billing (CHK-036).
 */
export function Component() {
  usePageTitle('Checkout');
  const flow = useCheckoutFlow();
  const { prefix, space } = useSpace();
  const [search] = useSearchParams();
  const fromUsers = search.get('from') === 'users';
  const backTo = fromUsers ? paths.space.users.getHref(prefix) : undefined;
  const promote = search.get('userIds')?.split(',').filter(Boolean) ?? [];
  const cycleChange = search.get(CYCLE_CHANGE_PARAM) === '1';
  const current =
    flow.type === 'UPGRADE' || flow.type === 'DOWNGRADE' ? CHECKOUT_STEPS.review : CHECKOUT_STEPS.checkout;
  if (flow.isGmailUser) return <Navigate to={paths.space.billing.getHref(prefix)} replace />;
  if (flow.status !== 'ready')
    return (
      <CheckoutPageState status={flow.status} onRetry={flow.refetch} current={current} backTo={backTo} />
    );
  return (
    <CheckoutFrame steps={flow.steps} current={current} backTo={backTo}>
      <Title order={1} size="h2">
        Review your order
      </Title>
      {cycleChange ? (
        <CycleChangeSummary />
      ) : fromUsers && promote.length > 0 && space.workspacePlan !== 'LEGACY' ? (
        <PaidUsersSummary promote={promote} />
      ) : flow.purchase ? (
        <SummaryStep flow={flow} purchase={flow.purchase} />
      ) : (
        <SummaryError />
      )}
    </CheckoutFrame>
  );
}

function SummaryStep({ flow, purchase }: { flow: CheckoutFlow; purchase: PurchaseChoice }) {
  if (flow.subscription) return <ChangeOfPlan subscription={flow.subscription} target={purchase} />;
  return <PurchaseStep flow={flow} purchase={purchase} />;
}

function PurchaseStep({ flow, purchase }: { flow: CheckoutFlow; purchase: PurchaseChoice }) {
  const { space, prefix } = useSpace();
  const location = useLocation();
  const [form] = useState(() => checkoutStorage.readForm());
  const [seats] = useState(() => checkoutStorage.readSeats());
  const checkout = useStartCheckout(flow);
  const price = usePriceInfo(
    space.workspaceId,
    priceInfoV2Body({
      form,
      seatPlans: [{ userPlan: seatUserPlan(false), quantity: seats }],
      purchase,
    }),
    { enabled: true },
  );
  const valid = checkoutFormSchema.safeParse(form);
  if (price.isError) return <SummaryError />;

  return (
    <Stack gap="lg" maw={560}>
      {checkout.failure && <SummaryError />}
      <OrderSummary
        info={price.data}
        loading={price.isFetching}
        failed={false}
        onRetry={() => void price.refetch()}
        seats={seats}
        planName={PLAN_LABELS[purchase.workspacePlan]}
        interval={purchase.billingInterval}
      >
        {valid.success ? (
          <>
            <Button
              fullWidth
              loading={checkout.busy}
              disabled={price.isPending}
              onClick={() =>
                void checkout.start({
                  form: valid.data,
                  purchase,
                  seats,
                  info: price.data,
                  goBackUrl: `${location.pathname}${location.search}`,
                })
              }
            >
              Next: Checkout
            </Button>
            <ProviderNotice />
          </>
        ) : (
          <Button
            component={Link}
            to={paths.space.checkoutInformation.getHref(prefix, purchaseQuery(purchase))}
            fullWidth
          >
            Next: Billing information
          </Button>
        )}
      </OrderSummary>
    </Stack>
  );
}

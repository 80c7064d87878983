import { Alert, Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import {
  CHECKOUT_FAILURE_TEXTS,
  CHECKOUT_STEPS,
  checkoutFormSchema,
  formatMoney,
  PLAN_LABELS,
  priceInfoV2Body,
  seatUserPlan,
  subscriptionChangeTiming,
  subscriptionChangeTitle,
  type PaymentInfo,
  type PurchaseChoice,
  type Subscription,
} from '@mergeboard/core';
import { useState } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { env } from '../../../config/env';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/page-title';
import { useSpace } from '../../spaces';
import { usePriceInfo } from '../api/price-info';
import { checkoutStorage } from '../checkout-storage';
import { purchaseQuery } from '../checkout-hrefs';
import { CheckoutFrame } from '../components/checkout-frame';
import { CheckoutPageState } from '../components/checkout-page-state';
import { OrderSummary } from '../components/order-summary';
import { ProviderNotice } from '../components/provider-notice';
import { useCheckoutFlow, type CheckoutFlow } from '../use-checkout-flow';
import { useStartCheckout } from '../use-start-checkout';

const CHANGE_TITLES = {
  CYCLE_CHANGE: 'Change your billing cycle',
  DOWNGRADE: 'Downgrade your plan',
  UPGRADE: 'Upgrade your plan',
} as const;

/**
 * {prefix}/checkout/summary: review and confirm (CHK-025, CHK-026, CHK-044..046). A purchase goes
 * on to the hosted checkout with the stored billing form; a change of a live subscription is
 * reviewed with its pro-rated price. Gmail-type users go back to billing (CHK-036).
 */
export function Component() {
  usePageTitle('Checkout');
  const flow = useCheckoutFlow();
  const { prefix } = useSpace();
  const [search] = useSearchParams();
  const backTo = search.get('from') === 'users' ? paths.space.users.getHref(prefix) : undefined;
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
      {flow.purchase ? <SummaryStep flow={flow} purchase={flow.purchase} /> : <SummaryError />}
    </CheckoutFrame>
  );
}

/** CHK-077: the summary's error, with the way to support. */
function SummaryError() {
  return (
    <Alert color="red" role="alert" title={CHECKOUT_FAILURE_TEXTS.summary}>
      <Anchor href={env.supportUrl} c="inherit" underline="always">
        Contact support
      </Anchor>
    </Alert>
  );
}

function SummaryStep({ flow, purchase }: { flow: CheckoutFlow; purchase: PurchaseChoice }) {
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
      previewProratedAmounts: flow.subscription !== null,
    }),
    { enabled: true },
  );
  const valid = checkoutFormSchema.safeParse(form);
  if (price.isError) return <SummaryError />;

  return (
    <Stack gap="lg" maw={560}>
      {checkout.failure && <SummaryError />}
      {flow.subscription && price.data && (
        <ChangeNotice subscription={flow.subscription} info={price.data} purchase={purchase} />
      )}
      <OrderSummary
        info={price.data}
        loading={price.isFetching}
        failed={false}
        onRetry={() => void price.refetch()}
        seats={seats}
        planName={PLAN_LABELS[purchase.workspacePlan]}
        interval={purchase.billingInterval}
      >
        {flow.subscription ? (
          <Text size="sm">
            To apply this change,{' '}
            <Anchor href={env.supportUrl} inherit underline="always">
              contact our support
            </Anchor>
            .
          </Text>
        ) : valid.success ? (
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

/** CHK-044..046: what the change is and when it applies. */
function ChangeNotice({
  subscription,
  info,
  purchase,
}: {
  subscription: Subscription;
  info: PaymentInfo;
  purchase: PurchaseChoice;
}) {
  const title = subscriptionChangeTitle({
    currentInterval: subscription.billingInterval,
    targetInterval: purchase.billingInterval,
    currentPlan: subscription.workspacePlan,
    targetPlan: purchase.workspacePlan,
    currentAmount: subscription.amount,
    targetAmount: info.subtotal,
  });
  const timing = subscriptionChangeTiming({
    currentInterval: subscription.billingInterval,
    targetInterval: purchase.billingInterval,
    chargedToday: info.chargedToday,
  });
  const message = {
    END_OF_CYCLE: 'The change to monthly billing applies at the end of your current billing cycle.',
    PRORATED_TODAY: `${formatMoney(info.chargedToday, info.currency)} is charged today, pro-rated for the ${info.proratedDays ?? 0} days left in your billing cycle.`,
    AT_RENEWAL: 'Your changes apply at renewal.',
  }[timing];
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="change-title">
      <Title order={2} size="h4" id="change-title">
        {CHANGE_TITLES[title]}
      </Title>
      <Text size="sm" mt="xs">
        {message}
      </Text>
    </Paper>
  );
}

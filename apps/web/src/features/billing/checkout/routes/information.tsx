import { Alert, Button, Grid, Paper, Title } from '@mantine/core';
import {
  CHECKOUT_STEPS,
  checkoutFormSchema,
  PLAN_LABELS,
  priceInfoV2Body,
  seatUserPlan,
  type CheckoutForm,
  type PurchaseChoice,
} from '@mergeboard/core';
import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../../../../config/paths';
import { usePageTitle } from '../../../../lib/page-title';
import { useSpace } from '../../../spaces';
import { usePriceInfo } from '../api/price-info';
import { checkoutStorage } from '../checkout-storage';
import { BillingFormFields, type FormErrors } from '../components/billing-form-fields';
import { CheckoutFrame } from '../components/checkout-frame';
import { CheckoutPageState } from '../components/checkout-page-state';
import { OrderSummary } from '../components/order-summary';
import { ProviderNotice } from '../components/provider-notice';
import { useReloadWhenRestored } from '../page-reload';
import { useCheckoutFlow, type CheckoutFlow } from '../use-checkout-flow';
import { useStartCheckout } from '../use-start-checkout';

/**
 * {prefix}/checkout/information: the Billing information step (CHK-017 CHK-018 CHK-019 CHK-020 CHK-021
 * CHK-022 CHK-023 CHK-024, CHK-064). Without a plan or interval in the query it goes back to the flow's start
 * (CHK-024).
 */
export function Component() {
  usePageTitle('Billing information');
  const flow = useCheckoutFlow();
  const { prefix } = useSpace();
  if (flow.kind === 'older' && flow.isGmailUser)
    return <Navigate to={paths.space.billing.getHref(prefix)} replace />;
  if (!flow.hasPurchaseQuery || !flow.purchase) {
    const start =
      flow.kind === 'seat'
        ? paths.space.checkoutDetails.getHref(prefix)
        : paths.space.checkoutStart.getHref(prefix);
    return <Navigate to={start} replace />;
  }
  if (flow.status !== 'ready') {
    return (
      <CheckoutPageState status={flow.status} onRetry={flow.refetch} current={CHECKOUT_STEPS.information} />
    );
  }
  return <InformationStep flow={flow} purchase={flow.purchase} />;
}

/** The first message of each field, as the form shows them. */
function errorsOf(form: CheckoutForm): FormErrors {
  const result = checkoutFormSchema.safeParse(form);
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof CheckoutForm;
    errors[field] ??= issue.message;
  }
  return errors;
}

function InformationStep({ flow, purchase }: { flow: CheckoutFlow; purchase: PurchaseChoice }) {
  useReloadWhenRestored();
  const { space, user } = useSpace();
  const location = useLocation();
  const [form, setForm] = useState(() => checkoutStorage.readForm());
  const [submitted, setSubmitted] = useState(false);
  // Bumped by a refused submit: the first field in error takes the focus, for keyboard users.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0)
      document.querySelector<HTMLElement>('#billing-information [aria-invalid="true"]')?.focus();
  }, [refusals]);
  const [seats] = useState(() => (flow.isGmailUser ? 1 : checkoutStorage.readSeats()));
  const checkout = useStartCheckout(flow);
  const price = usePriceInfo(
    space.workspaceId,
    priceInfoV2Body({
      form,
      seatPlans: [{ userPlan: seatUserPlan(flow.isGmailUser), quantity: seats }],
      purchase,
    }),
    { enabled: true },
  );
  const errors: FormErrors = submitted ? errorsOf(form) : {};
  if (checkout.failure?.kind === 'field') errors.vatNumber = checkout.failure.message;
  const here = `${location.pathname}${location.search}`;
  const planName = flow.isGmailUser ? PLAN_LABELS.PRO_PERSONAL : PLAN_LABELS[purchase.workspacePlan];

  const change = (next: Partial<CheckoutForm>) => {
    if ('vatNumber' in next || 'country' in next) checkout.clearFieldFailure();
    setForm((previous) => {
      const updated = { ...previous, ...next };
      checkoutStorage.writeForm(updated);
      return updated;
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const parsed = checkoutFormSchema.safeParse(form);
    if (!parsed.success) {
      setRefusals((count) => count + 1);
      return;
    }
    void checkout.start({ form: parsed.data, purchase, seats, info: price.data, goBackUrl: here });
  };

  return (
    <CheckoutFrame steps={flow.steps} current={CHECKOUT_STEPS.information}>
      <Title order={1} size="h2">
        Upgrading {space.workspaceName}
      </Title>
      {checkout.failure?.kind === 'banner' && (
        <Alert color="red" role="alert" title={checkout.failure.message} />
      )}
      <form id="billing-information" onSubmit={submit} noValidate aria-label="Billing information">
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper withBorder p="lg">
              <BillingFormFields
                form={form}
                errors={errors}
                onChange={change}
                domain={user.type === 'BUSINESS' ? (user.domain?.domainName ?? null) : null}
                signInHref={paths.auth.login.getHref(here)}
              />
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <OrderSummary
              info={price.data}
              loading={price.isFetching}
              failed={price.isError}
              onRetry={() => void price.refetch()}
              seats={seats}
              planName={planName}
              interval={purchase.billingInterval}
            >
              <Button type="submit" fullWidth loading={checkout.busy} disabled={price.isPending}>
                Next: Checkout
              </Button>
              <ProviderNotice />
            </OrderSummary>
          </Grid.Col>
        </Grid>
      </form>
    </CheckoutFrame>
  );
}

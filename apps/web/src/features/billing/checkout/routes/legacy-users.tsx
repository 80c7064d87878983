import { Button, Checkbox, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import {
  CHECKOUT_FAILURE_TEXTS,
  CHECKOUT_STEPS,
  legacyUsersError,
  PLAN_LABELS,
  priceInfoV1Body,
  SEATS,
  stepAfterOptions,
  type PurchaseChoice,
} from '@mergeboard/core';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '../../../../config/paths';
import { usePageTitle } from '../../../../lib/page-title';
import { SpaceLoader, useSpace, useWorkspaceMembers } from '../../../spaces';
import { usePriceInfoV1 } from '../api/price-info';
import { checkoutStorage } from '../checkout-storage';
import { OrderSummary } from '../components/order-summary';
import { stepHref } from '../checkout-hrefs';
import { CheckoutFrame, CheckoutProblem } from '../components/checkout-frame';
import { CheckoutPageState } from '../components/checkout-page-state';
import { useCheckoutFlow, type CheckoutFlow } from '../use-checkout-flow';

/**
 * {prefix}/checkout/legacy/users: a legacy TEAM space picks who is paid in the new Pro plan, from
 * 1 to the plan's allowed user count (CHK-089). The legacy BE flows have no step after it
 * (CHK-015): going on is an error.
 */
export function Component() {
  usePageTitle('Checkout');
  const flow = useCheckoutFlow();
  const { prefix } = useSpace();
  if (flow.isGmailUser) return <Navigate to={paths.space.billing.getHref(prefix)} replace />;
  if (flow.status !== 'ready') {
    return <CheckoutPageState status={flow.status} onRetry={flow.refetch} current={CHECKOUT_STEPS.options} />;
  }
  return (
    <CheckoutFrame steps={flow.steps} current={CHECKOUT_STEPS.options}>
      <Title order={1} size="h2">
        Who should be paid in the Pro plan?
      </Title>
      {flow.purchase ? (
        <LegacyUsers flow={flow} purchase={flow.purchase} />
      ) : (
        <CheckoutProblem message={CHECKOUT_FAILURE_TEXTS.generic} />
      )}
    </CheckoutFrame>
  );
}

function LegacyUsers({ flow, purchase }: { flow: CheckoutFlow; purchase: PurchaseChoice }) {
  const { space, details, prefix } = useSpace();
  const navigate = useNavigate();
  const members = useWorkspaceMembers(space.workspaceId);
  const [selected, setSelected] = useState<string[]>([]);
  const [stuck, setStuck] = useState(false);
  const allowed = details?.workspaceFeatures?.PRO.allowedUserCount ?? -1;
  const error = legacyUsersError(selected.length, allowed > 0 ? allowed : SEATS.maximum);
  const [form] = useState(() => checkoutStorage.readForm());
  const price = usePriceInfoV1(
    space.workspaceId,
    priceInfoV1Body({
      form,
      userUpdates: selected.map((userId) => ({ userId, userPlan: 'PRO' as const })),
      purchase,
      upgradeLegacySubscription: true,
    }),
    { enabled: selected.length > 0 && error === null },
  );

  if (members.isPending) return <SpaceLoader />;
  if (members.isError) {
    return (
      <CheckoutProblem message={CHECKOUT_FAILURE_TEXTS.tryAgain}>
        <Button variant="subtle" size="compact-sm" onClick={() => void members.refetch()}>
          Try again
        </Button>
      </CheckoutProblem>
    );
  }

  const next = () => {
    const step = stepAfterOptions(flow.type);
    if (step === null) {
      setStuck(true);
      return;
    }
    checkoutStorage.writeSeats(selected.length);
    void navigate(stepHref(prefix, step, purchase));
  };

  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Paper withBorder p="lg">
          <Stack gap="md">
            {stuck && <CheckoutProblem message={CHECKOUT_FAILURE_TEXTS.generic} />}
            <Checkbox.Group
              label="Paid users"
              value={selected}
              onChange={setSelected}
              error={selected.length > 0 ? error : null}
            >
              <Stack gap="xs" mt="xs">
                {members.data.items.map((member) => (
                  <Checkbox key={member.id} value={member.id} label={`${member.name} (${member.email})`} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Text size="sm" c="dimmed">
              {selected.length} selected
            </Text>
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <OrderSummary
          info={selected.length > 0 && error === null ? price.data : undefined}
          loading={price.isFetching}
          failed={price.isError}
          onRetry={() => void price.refetch()}
          seats={selected.length}
          planName={PLAN_LABELS[purchase.workspacePlan]}
          interval={purchase.billingInterval}
        >
          <Button fullWidth disabled={error !== null || price.isFetching} onClick={next}>
            Next: Billing information
          </Button>
        </OrderSummary>
      </Grid.Col>
    </Grid>
  );
}

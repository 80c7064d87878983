import { Alert, Button, Grid, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import {
  CHECKOUT_FAILURE_TEXTS,
  CHECKOUT_STEPS,
  canLeaveSeatPage,
  canPreviewSeats,
  CYCLE_CHANGE_PARAM,
  isLegacyFlow,
  PLAN_LABELS,
  priceInfoV2Body,
  SEAT_CHOICES,
  SEAT_CONTACT_TEXT,
  seatChoiceOf,
  seatPageNextLabel,
  seatRangeError,
  seatUserPlan,
  showsSeatContact,
  stepAfterOptions,
  TEAM_SEATS,
  type PurchaseChoice,
  type SeatChoice,
} from '@mergeboard/core';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { env } from '../../../../config/env';
import { ConfiguredLink } from '../../../../ui/configured-link';
import { paths } from '../../../../config/paths';
import { usePageTitle } from '../../../../lib/page-title';
import { useSpace } from '../../../spaces';
import { usePriceInfo } from '../api/price-info';
import { checkoutStorage } from '../checkout-storage';
import { purchaseQuery, stepHref } from '../checkout-hrefs';
import { CheckoutFrame, CheckoutProblem } from '../components/checkout-frame';
import { CheckoutPageState } from '../components/checkout-page-state';
import { OrderSummary } from '../components/order-summary';
import { SeatSpinner } from '../components/seat-spinner';
import { useCheckoutFlow, type CheckoutFlow } from '../use-checkout-flow';

/**
 * {prefix}/checkout, /checkout/details and /checkout/options: how many seats to buy (CHK-001 CHK-002 CHK-003
 * CHK-004 CHK-005 CHK-006 CHK-007 CHK-008 CHK-009 CHK-010 CHK-011). Per-seat spaces: the Billing details step
 * of a domain purchase; a Gmail-type user skips it (CHK-012). Other spaces: the older flow's Billing options,
 * skipped for a single user (CHK-013); a Gmail-type user goes back to billing (CHK-036).
 */
export function Component() {
  usePageTitle('Checkout');
  const flow = useCheckoutFlow();
  const { prefix } = useSpace();
  const [search] = useSearchParams();
  const current = flow.kind === 'seat' ? CHECKOUT_STEPS.details : CHECKOUT_STEPS.options;

  // 000 §2: change-billing-cycle=1 starts a billing-cycle change, reviewed on the summary.
  if (search.get(CYCLE_CHANGE_PARAM) === '1') {
    return <Navigate to={paths.space.checkoutReview.getHref(prefix, `?${search}`)} replace />;
  }
  if (flow.kind === 'seat' && flow.isGmailUser) {
    return <Navigate to={stepHref(prefix, 'information', flow.purchase ?? DEFAULT_PURCHASE)} replace />;
  }
  if (flow.kind === 'older' && flow.isGmailUser)
    return <Navigate to={paths.space.billing.getHref(prefix)} replace />;
  if (flow.status !== 'ready')
    return <CheckoutPageState status={flow.status} onRetry={flow.refetch} current={current} />;
  if (flow.purchase && flow.type === 'UPGRADE')
    return <Navigate to={stepHref(prefix, 'summary', flow.purchase)} replace />;
  if (flow.purchase && (flow.type === 'UPGRADE_LEGACY_US' || flow.type === 'UPGRADE_LEGACY_BE')) {
    return (
      <Navigate to={paths.space.checkoutLegacyUsers.getHref(prefix, purchaseQuery(flow.purchase))} replace />
    );
  }
  if (flow.purchase && flow.type === 'PURCHASE' && !flow.steps.includes(CHECKOUT_STEPS.options)) {
    return <Navigate to={stepHref(prefix, 'information', flow.purchase)} replace />;
  }
  const next = stepAfterOptions(flow.type);
  if (!flow.purchase || next === null || isLegacyFlow(flow.type)) {
    // CHK-041: a flow this page does not handle is the server-error state.
    return (
      <CheckoutFrame steps={flow.steps} current={current}>
        <CheckoutProblem message={CHECKOUT_FAILURE_TEXTS.generic} />
      </CheckoutFrame>
    );
  }
  return <SeatStep flow={flow} purchase={flow.purchase} current={current} next={next} />;
}

const DEFAULT_PURCHASE: PurchaseChoice = { workspacePlan: 'PRO', billingInterval: 'YEARLY' };

function SeatStep({
  flow,
  purchase,
  current,
  next,
}: {
  flow: CheckoutFlow;
  purchase: PurchaseChoice;
  current: typeof CHECKOUT_STEPS.details | typeof CHECKOUT_STEPS.options;
  next: 'information' | 'summary';
}) {
  const { space, prefix } = useSpace();
  const navigate = useNavigate();
  const [seatsText, setSeatsText] = useState(() => String(checkoutStorage.readSeats()));
  const [choice, setChoice] = useState<SeatChoice>(() => seatChoiceOf(Number(seatsText)));
  const [form] = useState(() => checkoutStorage.readForm());
  const seats = seatsText === '' ? null : Number(seatsText);
  const seatError = choice === 'team' ? seatRangeError(seats, TEAM_SEATS) : null;
  const previewable = seatError === null && canPreviewSeats([{ quantity: seats }]);
  const price = usePriceInfo(
    space.workspaceId,
    priceInfoV2Body({ form, seatPlans: [{ userPlan: seatUserPlan(false), quantity: seats ?? 0 }], purchase }),
    { enabled: previewable },
  );

  const setSeats = (text: string, nextChoice: SeatChoice = choice) => {
    setSeatsText(text);
    const count = text === '' ? null : Number(text);
    // Only a count the page accepts is carried to the next steps.
    if (count !== null && (nextChoice === 'myself' || seatRangeError(count, TEAM_SEATS) === null)) {
      checkoutStorage.writeSeats(count);
    }
  };
  const choose = (value: SeatChoice) => {
    setChoice(value);
    setSeats(String(SEAT_CHOICES[value].seats), value);
  };

  return (
    <CheckoutFrame steps={flow.steps} current={current}>
      <Title order={1} size="h2">
        Upgrading {space.workspaceName}
      </Title>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="lg">
            <Stack gap="md">
              <Radio.Group
                label="Are you buying just for yourself or for a team?"
                value={choice}
                onChange={(value) => choose(value as SeatChoice)}
              >
                <Stack gap="xs" mt="xs">
                  <Radio value="myself" label={SEAT_CHOICES.myself.label} description="1 seat" />
                  <Radio value="team" label={SEAT_CHOICES.team.label} description="2 or more seats" />
                </Stack>
              </Radio.Group>
              {choice === 'team' && (
                <>
                  <SeatSpinner
                    value={seatsText}
                    onChange={(text) => setSeats(text)}
                    min={TEAM_SEATS.min}
                    max={TEAM_SEATS.max}
                    error={seatError}
                  />
                  <Text size="sm" c="dimmed">
                    One seat is reserved for you, the owner. You can assign the seats to members after the
                    purchase.
                  </Text>
                  {seats !== null && showsSeatContact(seats) && (
                    <Alert color="blue" title={SEAT_CONTACT_TEXT}>
                      <ConfiguredLink href={env.supportUrl} hideWithout c="inherit" underline="always">
                        Contact us
                      </ConfiguredLink>
                    </Alert>
                  )}
                </>
              )}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <OrderSummary
            info={previewable ? price.data : undefined}
            loading={price.isFetching}
            failed={price.isError}
            onRetry={() => void price.refetch()}
            seats={seats ?? 0}
            planName={PLAN_LABELS[purchase.workspacePlan]}
            interval={purchase.billingInterval}
          >
            <Button
              fullWidth
              disabled={!canLeaveSeatPage({ seatError, priceLoading: !previewable || price.isFetching })}
              onClick={() => void navigate(stepHref(prefix, next, purchase))}
            >
              {seatPageNextLabel(flow.type)}
            </Button>
          </OrderSummary>
        </Grid.Col>
      </Grid>
    </CheckoutFrame>
  );
}

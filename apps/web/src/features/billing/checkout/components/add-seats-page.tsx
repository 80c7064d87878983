import { Alert, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  addSeatsLabel,
  CHECKOUT_STEPS,
  flowSteps,
  formatMoney,
  perSeatPerMonth,
  SEAT_CONTACT_TEXT,
  SEAT_TEXTS,
  seatFlowType,
  seatRangeError,
  seatsLeftToAdd,
  timestampOf,
} from '@mergeboard/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { env } from '../../../../config/env';
import { ConfiguredLink } from '../../../../ui/configured-link';
import { paths } from '../../../../config/paths';
import { formatLongDate } from '../../../../ui/format-long-date';
import { usePageTitle } from '../../../../lib/page-title';
import { useSpace } from '../../../spaces';
import { usePriceInfo } from '../api/price-info';
import { CheckoutFrame } from './checkout-frame';
import { ConfirmPaymentStep } from './confirm-payment-step';
import { SeatChangeFailureAlert } from './seat-change-failure';
import { SeatPageGate } from './seat-page-gate';
import { SeatSpinner } from './seat-spinner';
import { useAddSeatsFlow } from '../use-add-seats-flow';
import {
  seatPriceBody,
  seatUserPlanOf,
  useSeatSubscription,
  type SeatSubscription,
} from '../use-seat-subscription';

const TYPE = seatFlowType({ step: 'add-seats', isGmailUser: false });
const STEPS = flowSteps(TYPE);

/**
 * {prefix}/checkout/add-seats (000 §2, SEAT-007 SEAT-008 SEAT-009 SEAT-010 SEAT-011 SEAT-012 SEAT-013
 * SEAT-014 SEAT-015 SEAT-016 SEAT-017 SEAT-018): how many seats to add to the live subscription, what they
 * cost today and at the next renewal, and the purchase.
 */
export function AddSeatsPage() {
  usePageTitle('Add seats');
  const [settling, setSettling] = useState(false);
  const state = useSeatSubscription('add-seats', { settling });
  return (
    <SeatPageGate state={state} current={CHECKOUT_STEPS.addSeats}>
      {(value) => (
        <AddSeats
          value={value}
          onSettling={setSettling}
          reload={state.status === 'ready' ? state.refetch : async () => null}
        />
      )}
    </SeatPageGate>
  );
}

function AddSeats({
  value,
  onSettling,
  reload,
}: {
  value: SeatSubscription;
  onSettling: (settling: boolean) => void;
  reload: () => Promise<SeatSubscription | null>;
}) {
  const { space, prefix } = useSpace();
  const { subscription, seats } = value;
  const max = seatsLeftToAdd(seats.totalSeats);
  const [quantityText, setQuantityText] = useState('1');
  const quantity = quantityText === '' ? null : Number(quantityText);
  const rangeError = seatRangeError(quantity, { min: 1, max });
  const valid = rangeError === null && quantity !== null;
  const price = usePriceInfo(space.workspaceId, seatPriceBody(value, quantity ?? 1, true), {
    enabled: valid,
  });
  const flow = useAddSeatsFlow({
    subscriptionId: subscription.subscriptionId,
    reload,
    onSettling,
    onPriceOutdated: () => void price.refetch(),
  });
  const info = valid ? price.data : undefined;
  const money = (cents: number) => formatMoney(cents, info?.currency ?? subscription.currency);
  const nextDate = formatLongDate(timestampOf(subscription.endTimestamp));

  if (flow.phase.kind === 'confirm') {
    return (
      <CheckoutFrame steps={STEPS} current={CHECKOUT_STEPS.addSeats}>
        <ConfirmPaymentStep
          invoiceUrl={flow.phase.invoiceUrl}
          checking={flow.phase.checking}
          unconfirmed={flow.phase.unconfirmed}
          onCheck={flow.recheck}
        />
      </CheckoutFrame>
    );
  }

  return (
    <CheckoutFrame steps={STEPS} current={CHECKOUT_STEPS.addSeats}>
      <Title order={1} size="h2">
        Add seats to {space.workspaceName}
      </Title>
      {flow.failure && <SeatChangeFailureAlert failure={flow.failure} />}
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="lg">
            <Stack gap="md">
              <Text>
                Current number of seats: <strong>{seats.totalSeats}</strong>
              </Text>
              <SeatSpinner
                label="Seats to add"
                value={quantityText}
                onChange={setQuantityText}
                min={1}
                max={max}
                error={quantityText === '' ? null : rangeError}
              />
              {quantity !== null && quantity >= max && (
                <Alert color="blue" title={SEAT_TEXTS.maximumReached}>
                  {SEAT_CONTACT_TEXT}.{' '}
                  <ConfiguredLink href={env.supportUrl} hideWithout c="inherit" underline="always">
                    Contact us
                  </ConfiguredLink>
                </Alert>
              )}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper component="section" withBorder p="lg" aria-labelledby="add-seats-summary">
            <Stack gap="sm">
              <Title order={2} size="h4" id="add-seats-summary">
                Summary
              </Title>
              {price.isError ? (
                <Alert color="red" title="The price could not be loaded.">
                  <Button variant="subtle" size="compact-sm" onClick={() => void price.refetch()}>
                    Try again
                  </Button>
                </Alert>
              ) : info ? (
                <dl style={{ margin: 0 }} aria-busy={price.isFetching}>
                  <SummaryLine
                    label={`${quantity} × ${money(
                      perSeatPerMonth({
                        nextPayment: info.totalAmount,
                        seats: seats.totalSeats + (quantity ?? 0),
                        interval: subscription.billingInterval,
                      }),
                    )} per seat / month, prorated for ${info.proratedDays ?? 0} days`}
                  />
                  <SummaryLine label="Charged today" value={money(info.chargedToday)} strong />
                  <SummaryLine label={`Next payment on ${nextDate}`} value={money(info.totalAmount)} />
                </dl>
              ) : (
                <Text size="sm" c="dimmed" role="status">
                  {valid ? 'Loading the price…' : 'Choose how many seats to add.'}
                </Text>
              )}
              {info && info.taxRate > 0 && (
                <Text size="xs" c="dimmed">
                  {SEAT_TEXTS.taxesIncluded}
                </Text>
              )}
              <Group grow>
                <Button component={Link} to={paths.space.billing.getHref(prefix)} variant="default">
                  Cancel
                </Button>
                <Button
                  disabled={!info || price.isFetching}
                  loading={flow.busy}
                  onClick={() =>
                    info &&
                    quantity !== null &&
                    flow.submit({
                      workspaceId: space.workspaceId,
                      userPlan: seatUserPlanOf(value),
                      quantity,
                      prorationDate: info.prorationDate,
                    })
                  }
                >
                  {addSeatsLabel(quantity ?? 1)}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </CheckoutFrame>
  );
}

function SummaryLine({ label, value = '', strong }: { label: string; value?: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" py={4} align="baseline">
      <Text component="dt" size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} fw={strong ? 700 : 400}>
        {value}
      </Text>
    </Group>
  );
}

import { Alert, Anchor, Button, Grid, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import {
  CHECKOUT_STEPS,
  flowSteps,
  formatMoney,
  removableSeatTotals,
  removeSeatsLabel,
  SEAT_TEXTS,
  seatChangeFailure,
  seatChangeReturnQuery,
  seatFlowType,
  timestampOf,
  type SeatChangeFailure,
} from '@mergeboard/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../../config/paths';
import { isApiError } from '../../../../lib/api-client';
import { formatLongDate } from '../../../../ui/format-long-date';
import { usePageTitle } from '../../../../lib/page-title';
import { useSpace } from '../../../spaces';
import { usePriceInfo } from '../api/price-info';
import { useScheduleSeatRemoval } from '../api/schedule-seat-removal';
import { CheckoutFrame } from './checkout-frame';
import { SeatChangeFailureAlert } from './seat-change-failure';
import { SeatPageGate } from './seat-page-gate';
import { seatPriceBody, useSeatSubscription, type SeatSubscription } from '../use-seat-subscription';

const TYPE = seatFlowType({ step: 'remove-seats', isGmailUser: false });
const STEPS = flowSteps(TYPE);

/**
 * {prefix}/checkout/remove-seats (000 §2, SEAT-019 SEAT-020 SEAT-021 SEAT-022 SEAT-023): the unused seats to
 * drop at the next renewal, the next payment, and the way to members when every seat is used.
 */
export function RemoveSeatsPage() {
  usePageTitle('Remove unused seats');
  const [settling, setSettling] = useState(false);
  const state = useSeatSubscription('remove-seats', { settling });
  return (
    <SeatPageGate state={state} current={CHECKOUT_STEPS.removeSeats}>
      {(value) => <RemoveSeats value={value} onSettling={setSettling} />}
    </SeatPageGate>
  );
}

function RemoveSeats({ value, onSettling }: { value: SeatSubscription; onSettling: (on: boolean) => void }) {
  const { space, prefix } = useSpace();
  const navigate = useNavigate();
  const { subscription, plan, seats } = value;
  const totals = removableSeatTotals(seats);
  const [chosen, setChosen] = useState<number | null>(null);
  const target = chosen ?? totals[0] ?? seats.totalSeats;
  const removed = seats.totalSeats - target;
  const everySeatUsed = totals.length === 0;
  const price = usePriceInfo(space.workspaceId, seatPriceBody(value, target), { enabled: !everySeatUsed });
  const schedule = useScheduleSeatRemoval(space.workspaceId);
  const [failure, setFailure] = useState<SeatChangeFailure | null>(null);
  const nextDate = formatLongDate(timestampOf(subscription.endTimestamp));

  const submit = () => {
    setFailure(null);
    onSettling(true);
    schedule.mutate(
      {
        params: { id: space.workspaceId, subId: subscription.subscriptionId },
        body: { subscriptionPlanSeats: [{ paymentPlanId: plan.paymentPlanId, targetSeatsQuantity: target }] },
      },
      {
        onSuccess: () =>
          void navigate(paths.space.billing.getHref(prefix, seatChangeReturnQuery('removed', removed))),
        onError: (error) => {
          window.scrollTo({ top: 0 });
          setFailure(seatChangeFailure(isApiError(error) ? error.code : undefined));
          onSettling(false);
        },
      },
    );
  };

  return (
    <CheckoutFrame steps={STEPS} current={CHECKOUT_STEPS.removeSeats}>
      <Title order={1} size="h2">
        Remove unused seats from {space.workspaceName}
      </Title>
      {failure && <SeatChangeFailureAlert failure={failure} />}
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="lg">
            <Stack gap="md">
              <Text>
                {seats.assignedSeats} of {seats.totalSeats} seats are assigned to members.
              </Text>
              <Select
                label="Number of seats after the renewal"
                w={240}
                disabled={everySeatUsed}
                allowDeselect={false}
                value={String(target)}
                onChange={(next) => next !== null && setChosen(Number(next))}
                data={(everySeatUsed ? [seats.totalSeats] : totals).map(String)}
              />
              {everySeatUsed && (
                <Alert color="yellow" role="status">
                  {SEAT_TEXTS.removeMembersFirst}
                </Alert>
              )}
              {seats.assignedSeats !== 1 && (
                <Anchor component={Link} to={paths.space.users.getHref(prefix)} w="fit-content">
                  Remove members
                </Anchor>
              )}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper component="section" withBorder p="lg" aria-labelledby="remove-seats-summary">
            <Stack gap="sm">
              <Title order={2} size="h4" id="remove-seats-summary">
                Summary
              </Title>
              <dl style={{ margin: 0 }}>
                <Line label="Current seats" value={String(seats.totalSeats)} />
                <Line label="Seats removed" value={String(removed)} />
                <Line label="Seats from the renewal on" value={String(target)} />
                <Line
                  label={`Next payment on ${nextDate}`}
                  value={
                    everySeatUsed || !price.data
                      ? price.isFetching
                        ? '…'
                        : '--'
                      : formatMoney(price.data.totalAmount, price.data.currency)
                  }
                />
              </dl>
              <Text size="xs" c="dimmed">
                The seats are removed at the end of the current billing period; until then every seat stays
                usable.
              </Text>
              {price.data && price.data.taxRate > 0 && (
                <Text size="xs" c="dimmed">
                  {SEAT_TEXTS.taxesIncluded}
                </Text>
              )}
              <Group grow>
                <Button component={Link} to={paths.space.billing.getHref(prefix)} variant="default">
                  Cancel
                </Button>
                <Button disabled={everySeatUsed} loading={schedule.isPending} onClick={submit}>
                  {removeSeatsLabel(removed)}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </CheckoutFrame>
  );
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" py={4} align="baseline">
      <Text component="dt" size="sm">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {value}
      </Text>
    </Group>
  );
}

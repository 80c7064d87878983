import { Grid, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import {
  CHECKOUT_FAILURE_TEXTS,
  initialPaidSelection,
  multiDomainRefusal,
  paidSelectionChanges,
  paidUserChoices,
  paidPlanFor,
  paidUserUpdates,
  setPaid,
  subscriptionState,
  workspaceUserPlansOf,
  type PaidSelection,
  type PaidUserCandidate,
  type PaidUserRules,
  type Subscription,
} from '@mergeboard/core';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../../../../config/paths';
import { useSubscriptions } from '../../api/list-subscriptions';
import { SpaceLoader, useSpace } from '../../../spaces';
import { usePaidUserCandidates } from '../use-paid-user-candidates';
import { CheckoutProblem } from './checkout-frame';
import { LiveChangeReview } from './live-change-review';

/** Ours: the selection's hint when nothing differs from today (CHK-081). */
const NOTHING_CHANGED = 'Choose who is paid: nothing has changed yet.';

/**
 * /checkout/summary?from=users&userIds=… (MEM-033, CHK-081 CHK-082 CHK-083 CHK-084 CHK-085 CHK-086 CHK-087):
 * who is paid after the change, opening with the users chosen on the Users page made paid. Made paid: an
 * upgrade charged now, pro-rated; made free: a downgrade at renewal (toBeRemoved). Confirmed, back to the
 * Users page.
 */
export function PaidUsersSummary({ promote }: { promote: readonly string[] }) {
  const { space, prefix } = useSpace();
  const subscriptions = useSubscriptions(space.workspaceId, { enabled: true });
  const paid = usePaidUserCandidates();
  if (subscriptions.isPending || paid.status === 'pending') return <SpaceLoader />;
  if (subscriptions.isError || paid.status === 'error') {
    return <CheckoutProblem message={CHECKOUT_FAILURE_TEXTS.tryAgain} />;
  }
  const state = subscriptionState(subscriptions.data.items);
  const subscription = state.kind === 'active' ? state.subscription : null;
  if (!subscription || subscription.workspacePlan === 'FREE' || subscription.workspacePlan === 'LEGACY') {
    return <Navigate to={paths.space.billing.getHref(prefix, '?from=users')} replace />;
  }
  return (
    <PaidUsersChoice
      subscription={subscription}
      workspacePlan={subscription.workspacePlan}
      candidates={paid.candidates}
      names={paid.names}
      rules={paid.rules}
      promote={promote}
    />
  );
}

function PaidUsersChoice({
  subscription,
  workspacePlan,
  candidates,
  names,
  rules,
  promote,
}: {
  subscription: Subscription;
  workspacePlan: 'PRO' | 'PREMIUM';
  candidates: PaidUserCandidate[];
  names: ReadonlyMap<string, string>;
  rules: PaidUserRules;
  promote: readonly string[];
}) {
  const { prefix } = useSpace();
  const [selection, setSelection] = useState<PaidSelection>(() =>
    initialPaidSelection(candidates, promote, rules),
  );
  const choices = paidUserChoices(candidates, selection, rules);
  const changes = paidSelectionChanges(candidates, selection);
  const blocked =
    multiDomainRefusal(candidates, selection, rules) ?? (changes.changed ? null : NOTHING_CHANGED);
  const priceOf = new Map(
    (subscription.subscriptionPaymentPlans ?? []).map((plan) => [plan.userPlanType, plan.stripePriceId]),
  );
  const fallbackPrice = subscription.subscriptionPaymentPlans?.[0]?.stripePriceId ?? '';
  const planOf = new Map(candidates.map((candidate) => [candidate.userId, paidPlanFor(candidate.email)]));

  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Paper withBorder p="lg" component="section" aria-labelledby="paid-users-title">
          <Title order={2} size="h4" id="paid-users-title" mb="sm">
            Paid users
          </Title>
          <Stack gap="md">
            {choices.map((choice) => (
              <Radio.Group
                key={choice.userId}
                label={names.get(choice.userId)}
                description={choice.reason ?? undefined}
                value={choice.paid ? 'paid' : 'free'}
                onChange={(value) =>
                  setSelection(
                    setPaid(candidates, selection, { userId: choice.userId, paid: value === 'paid' }, rules),
                  )
                }
              >
                <Stack gap={4} mt={4}>
                  <Radio value="paid" label="Paid" disabled={choice.locked} />
                  <Radio value="free" label="Free" disabled={choice.locked} />
                  {choice.toBeRemoved && (
                    <Text size="xs" c="dimmed">
                      Free from the next renewal
                    </Text>
                  )}
                </Stack>
              </Radio.Group>
            ))}
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <LiveChangeReview
          subscription={subscription}
          target={{ workspacePlan, billingInterval: subscription.billingInterval }}
          paidUsers={paidUserUpdates(candidates, selection)}
          blocked={blocked}
          change={(info) => ({
            workspaceUserPlans: workspaceUserPlansOf({
              previewed: info.stripePlans,
              downgraded: changes.downgraded.map((userId) => ({
                userId,
                stripePriceId: priceOf.get(planOf.get(userId) ?? 'PRO') ?? fallbackPrice,
              })),
            }),
          })}
          doneTo={paths.space.users.getHref(prefix)}
        />
      </Grid.Col>
    </Grid>
  );
}

import { Button, Checkbox, Paper, Stack, Text, Title } from '@mantine/core';
import {
  CHECKOUT_FAILURE_TEXTS,
  CHECKOUT_STEPS,
  legacyUsersError,
  SEATS,
  stepAfterOptions,
  type PurchaseChoice,
} from '@mergeboard/core';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/page-title';
import { SpaceLoader, useSpace, useWorkspaceMembers } from '../../spaces';
import { checkoutStorage } from '../checkout-storage';
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
    <Paper withBorder p="lg" maw={640}>
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
        <Button w="fit-content" disabled={error !== null} onClick={next}>
          Next: Billing information
        </Button>
      </Stack>
    </Paper>
  );
}

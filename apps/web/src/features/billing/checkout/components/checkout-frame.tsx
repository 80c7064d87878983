import { Alert, Anchor, Box, Button, Container, Group, Stack } from '@mantine/core';
import type { CheckoutStep } from '@mergeboard/core';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../../config/paths';
import { useSpace } from '../../../spaces';
import { CheckoutStepper } from './checkout-stepper';

/**
 * A checkout screen outside the main layout: Back, the stepper and the step's content.
 * CHK-035: Back on the flow's first step (or a flow without steps) goes to the billing page;
 * on later steps it is the browser's back. `backTo` overrides it (CHK-026, from=users).
 */
export function CheckoutFrame({
  steps,
  current,
  backTo,
  children,
}: {
  steps: CheckoutStep[];
  current: CheckoutStep;
  backTo?: string;
  children: ReactNode;
}) {
  const { prefix } = useSpace();
  const navigate = useNavigate();
  const isFirst = steps.indexOf(current) <= 0;
  const back =
    backTo !== undefined || isFirst ? (
      <Anchor component={Link} to={backTo ?? paths.space.billing.getHref(prefix)} size="sm">
        <span aria-hidden style={{ marginRight: 4 }}>
          ←
        </span>
        Back
      </Anchor>
    ) : (
      <Button variant="subtle" size="compact-sm" px={0} fw={400} onClick={() => void navigate(-1)}>
        <span aria-hidden style={{ marginRight: 4 }}>
          ←
        </span>
        Back
      </Button>
    );
  return (
    <Box component="main" mih="100dvh" bg="gray.0" py="lg">
      <Container size="lg">
        <Stack gap="lg">
          <Group justify="space-between" wrap="wrap" gap="sm">
            {back}
            <CheckoutStepper steps={steps} current={current} />
          </Group>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}

/** A checkout screen that cannot go on: the server-error state (CHK-041, CHK-080). */
export function CheckoutProblem({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <Alert color="red" role="alert" title={message}>
      {children}
    </Alert>
  );
}

import { Group, Text, ThemeIcon } from '@mantine/core';
import type { CheckoutStep } from '@mergeboard/core';
import { useIsMobile } from '../../../../ui/use-is-mobile';

/**
 * CHK-034: the flow's steps, numbered, on wide screens; only the current step's title on narrow
 * ones (below the tablet breakpoint). A flow without steps shows nothing (CHK-033).
 */
export function CheckoutStepper({ steps, current }: { steps: CheckoutStep[]; current: CheckoutStep }) {
  const isMobile = useIsMobile();
  if (steps.length === 0) return null;
  if (isMobile) {
    return (
      <Text fw={600} aria-current="step">
        {current}
      </Text>
    );
  }
  return (
    <Group component="ol" aria-label="Checkout steps" gap="lg" m={0} p={0} style={{ listStyle: 'none' }}>
      {steps.map((step, index) => {
        const isCurrent = step === current;
        return (
          <Group
            component="li"
            key={step}
            gap="xs"
            wrap="nowrap"
            aria-current={isCurrent ? 'step' : undefined}
          >
            <ThemeIcon radius="xl" size="sm" variant={isCurrent ? 'filled' : 'light'} aria-hidden>
              <Text size="xs" fw={700}>
                {index + 1}
              </Text>
            </ThemeIcon>
            <Text size="sm" fw={isCurrent ? 700 : 400} c={isCurrent ? undefined : 'dimmed'}>
              {step}
            </Text>
          </Group>
        );
      })}
    </Group>
  );
}

import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { checkoutSummary, showsSeatPrice, type BillingInterval, type PaymentInfo } from '@mergeboard/core';
import type { ReactNode } from 'react';

/**
 * The order summary beside a checkout step: plan and seats, the volume discount, the totals (tax
 * lines in EUR only, PRICE-004) and the step's button. No price lines for 0 seats (CHK-011).
 */
export function OrderSummary({
  info,
  loading,
  failed,
  onRetry,
  seats,
  planName,
  interval,
  children,
}: {
  info: PaymentInfo | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  seats: number;
  planName: string;
  interval: BillingInterval;
  children?: ReactNode;
}) {
  const summary = info && showsSeatPrice(seats) ? checkoutSummary(info, { seats, planName, interval }) : null;
  return (
    <Paper component="section" withBorder p="lg" aria-labelledby="order-summary-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="order-summary-title">
          Order summary
        </Title>
        {failed ? (
          <Alert color="red" title="The price could not be loaded.">
            <Button variant="subtle" size="compact-sm" onClick={onRetry}>
              Try again
            </Button>
          </Alert>
        ) : loading && !summary ? (
          <Group justify="center" role="status" aria-label="Loading the price">
            <Loader size="sm" />
          </Group>
        ) : summary ? (
          <dl style={{ margin: 0 }} aria-busy={loading}>
            {summary.lines.map((line) => (
              <Group key={line.label} justify="space-between" wrap="nowrap" py={4} align="baseline">
                <Text component="dt" size="sm" fw={line.label.startsWith('Total') ? 700 : 400}>
                  {line.label}
                </Text>
                <Text component="dd" size="sm" m={0} fw={line.label.startsWith('Total') ? 700 : 400}>
                  {line.value}
                </Text>
              </Group>
            ))}
          </dl>
        ) : null}
        {children}
      </Stack>
    </Paper>
  );
}

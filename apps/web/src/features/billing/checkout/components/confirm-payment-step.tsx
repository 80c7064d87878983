import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { SEAT_TEXTS } from '@mergeboard/core';
import { useEffect, useRef } from 'react';

/**
 * SEAT-015: the seats' invoice needs the payer's confirmation (3-D Secure). Stripe's hosted
 * invoice page (and the sandbox's) takes it but never links back, so it opens in a new tab and
 * this step waits for the payer to say they confirmed, then checks the subscription.
 */
export function ConfirmPaymentStep({
  invoiceUrl,
  checking,
  unconfirmed,
  onCheck,
}: {
  invoiceUrl: string | null;
  checking: boolean;
  unconfirmed: boolean;
  onCheck: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the payer was on is gone: the step's title takes the focus.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Paper withBorder p="lg" maw={640}>
      <Stack>
        <Title order={1} size="h2" ref={heading} tabIndex={-1}>
          {SEAT_TEXTS.confirmPaymentTitle}
        </Title>
        <Text>{SEAT_TEXTS.confirmPaymentText}</Text>
        {unconfirmed && (
          <Alert color="yellow" role="alert">
            {SEAT_TEXTS.stillUnconfirmed}
          </Alert>
        )}
        <Group>
          {invoiceUrl && (
            <Button component="a" href={invoiceUrl} target="_blank" rel="noopener noreferrer">
              Open the invoice
            </Button>
          )}
          <Button variant="default" loading={checking} onClick={onCheck}>
            I have confirmed the payment
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

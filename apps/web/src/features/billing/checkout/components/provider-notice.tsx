import { Anchor, Text } from '@mantine/core';

/** CHK-023: the payment provider takes the payment, under its own terms. */
export const PROVIDER_LINKS = {
  terms: 'https://stripe.com/legal/consumer',
  privacy: 'https://stripe.com/privacy',
} as const;

export function ProviderNotice() {
  return (
    <Text size="xs" c="dimmed">
      Payments are processed by Stripe. By continuing you agree to Stripe’s{' '}
      <Anchor href={PROVIDER_LINKS.terms} target="_blank" rel="noreferrer" size="xs" underline="always">
        terms of service
      </Anchor>{' '}
      and{' '}
      <Anchor href={PROVIDER_LINKS.privacy} target="_blank" rel="noreferrer" size="xs" underline="always">
        privacy policy
      </Anchor>
      .
    </Text>
  );
}

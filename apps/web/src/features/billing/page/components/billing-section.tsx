import { Paper, Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** A card of the billing page: a region named by its heading, so it is found by name. */
export function BillingSection({
  title,
  maw,
  children,
}: {
  title: string;
  maw?: number;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={titleId} maw={maw} w="100%">
      <Stack gap="sm">
        <Title order={2} size="h3" id={titleId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

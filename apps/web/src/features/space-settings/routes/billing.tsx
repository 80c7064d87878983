import { Paper, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../../lib/page-title';

/** ROUTE-032: the billing page arrives with the billing issue. */
export function Component() {
  usePageTitle('Billing');
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Billing
      </Title>
      <Paper withBorder p="lg">
        <Text c="dimmed">Plans and payments arrive soon.</Text>
      </Paper>
    </Stack>
  );
}

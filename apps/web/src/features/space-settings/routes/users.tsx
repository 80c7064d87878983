import { Paper, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../../lib/page-title';

/** ROUTE-033: the members page arrives with the members issue. */
export function Component() {
  usePageTitle('Users');
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Users
      </Title>
      <Paper withBorder p="lg">
        <Text c="dimmed">The members of this space arrive soon.</Text>
      </Paper>
    </Stack>
  );
}

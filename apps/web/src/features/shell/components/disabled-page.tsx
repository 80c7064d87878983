import { Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../../lib/page-title';

/** SHELL-025: what a DISABLED user sees instead of any page. */
export function DisabledPage() {
  usePageTitle('Account disabled');
  return (
    <Stack align="center" gap="xs" py="xl" ta="center">
      <Title order={1} size="h2">
        Sorry, your account is disabled
      </Title>
      <Text c="dimmed">Contact your space administrator to solve this issue.</Text>
    </Stack>
  );
}

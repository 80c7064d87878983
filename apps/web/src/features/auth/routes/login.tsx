import { Paper, Text, Title } from '@mantine/core';
import { env } from '../../../config/env';
import { usePageTitle } from '../../../lib/page-title';
import { CenteredPage } from '../../../ui/centered-page';

/** /login (ROUTE-002). A placeholder until Google sign-in lands; the heading stays. */
export function Component() {
  usePageTitle('Login');
  return (
    <CenteredPage>
      <Paper withBorder shadow="sm" p={{ base: 'lg', xs: 'xl' }} w="100%" maw={440}>
        <Title order={1} size="h2">
          Welcome to {env.productName}
        </Title>
        <Text c="dimmed" mt="sm">
          Sign-in is being set up for this install.
        </Text>
      </Paper>
    </CenteredPage>
  );
}

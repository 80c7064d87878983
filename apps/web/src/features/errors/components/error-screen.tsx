import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { env } from '../../../config/env';
import { ConfiguredLink } from '../../../ui/configured-link';
import { CenteredPage } from '../../../ui/centered-page';

/**
 * The generic error screen for uncaught render errors (SHELL-028). 'Try again' is a plain link
 * to the origin, so it reloads the whole app from a clean state.
 */
export function ErrorScreen() {
  return (
    <CenteredPage>
      <Paper withBorder shadow="sm" p={{ base: 'lg', xs: 'xl' }} w="100%" maw={440}>
        <Stack align="center" gap="md" ta="center">
          <Title order={1}>Oops...</Title>
          <Text size="lg">Sorry, there was a problem.</Text>
          <Button component="a" href={`${window.location.origin}/`} size="md">
            Try again
          </Button>
          <Text size="sm" c="dimmed">
            If the problem persists <ConfiguredLink href={env.supportUrl}>contact us</ConfiguredLink>
          </Text>
        </Stack>
      </Paper>
    </CenteredPage>
  );
}

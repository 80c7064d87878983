import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { env } from '../../../config/env';
import { ConfiguredLink } from '../../../ui/configured-link';
import { CenteredPage } from '../../../ui/centered-page';

/** A centred card with a heading: the frame of every result and landing page. */
export function ResultPage({ heading, children }: { heading: string; children?: ReactNode }) {
  return (
    <CenteredPage>
      <Paper withBorder shadow="sm" p={{ base: 'lg', xs: 'xl' }} w="100%" maw={520}>
        <Stack align="center" gap="md" ta="center">
          <Title order={1} size="h2">
            {heading}
          </Title>
          {children}
        </Stack>
      </Paper>
    </CenteredPage>
  );
}

/** RES-004: the result pages' error view. */
export function ResultError() {
  return (
    <ResultPage heading="Sorry, an error ocurred">
      <Text>
        <ConfiguredLink href={env.helpCenterUrl} hideWithout target="_blank" rel="noopener noreferrer">
          Help center
        </ConfiguredLink>
      </Text>
    </ResultPage>
  );
}

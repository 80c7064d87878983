import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../../lib/page-title';

/** A page whose content arrives with a later issue: its title and a short note. */
export function PlaceholderPage({
  title,
  note,
  children,
}: {
  title: string;
  note: string;
  children?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
      <Paper withBorder p="lg">
        <Text c="dimmed">{note}</Text>
      </Paper>
    </Stack>
  );
}

import { Card, SimpleGrid, Text } from '@mantine/core';
import type { SheetRecipients } from '../api/get-sheet-recipients';
import { formatRecipientCount } from '../composer-draft';

const COUNTS = [
  { key: 'valid', label: 'Valid', hint: 'will receive the message' },
  { key: 'invalid', label: 'Invalid', hint: 'not an email address' },
  { key: 'duplicate', label: 'Duplicate', hint: 'already on an earlier row' },
  { key: 'suppressed', label: 'Suppressed', hint: 'unsubscribed or bounced' },
] as const;

/** How many rows will be sent to, and how many are skipped for each reason. */
export function RecipientCounts({ counts }: { counts: SheetRecipients['counts'] }) {
  return (
    <SimpleGrid cols={4}>
      {COUNTS.map(({ key, label, hint }) => (
        <Card key={key} withBorder padding="sm" radius="md" role="group" aria-label={label}>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text fw={700} size="xl">
            {formatRecipientCount(counts[key])}
          </Text>
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

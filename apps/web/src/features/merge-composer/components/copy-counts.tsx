import { Paper, Text } from '@mantine/core';
import type { SheetRecipients } from '../api/get-sheet-recipients';
import { formatRecipientCount } from '../composer-draft';

/**
 * The Cc and Bcc addresses of the rows that will be sent: how many get a copy, how many are left
 * out and why, and every recipient of the merge together, as the daily quota counts them.
 */
export function CopyCounts({ counts }: { counts: SheetRecipients['counts'] }) {
  const { copies } = counts;
  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label="Cc and Bcc">
      <Text>
        <Text span fw={600}>
          Cc and Bcc:
        </Text>{' '}
        {formatRecipientCount(copies.valid)} addresses get a copy; left out:{' '}
        {formatRecipientCount(copies.invalid)} not valid, {formatRecipientCount(copies.suppressed)}{' '}
        unsubscribed or bounced.
      </Text>
      <Text size="sm" c="dimmed">
        {formatRecipientCount(counts.addresses)} recipients in all (To, Cc and Bcc): each one counts against
        your daily quota.
      </Text>
    </Paper>
  );
}

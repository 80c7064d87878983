import { Alert, List, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '../../../lib/format-date';
import type { MergeQuota } from '../api/get-merge-quota';
import type { SheetRecipients } from '../api/get-sheet-recipients';
import { SKIP_REASONS } from './skipped-rows';
import { formatRecipientCount } from '../composer-draft';

/** What sending will do: how many get the message, who is skipped and why, and today's quota. */
export function SendSummary({
  recipients,
  quota,
  subject,
}: {
  recipients: SheetRecipients;
  quota: MergeQuota;
  subject: string;
}) {
  const { counts } = recipients;
  const overQuota = counts.valid - quota.remaining;
  return (
    <Paper component="section" aria-labelledby="send-summary-title" withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={3} size="h5" id="send-summary-title">
          Summary
        </Title>
        <Text>
          <Text span fw={600}>
            Subject:
          </Text>{' '}
          {subject}
        </Text>
        <Text>
          <Text span fw={600}>
            Recipients:
          </Text>{' '}
          {formatRecipientCount(counts.valid)} of {formatRecipientCount(counts.rows)} rows
        </Text>
        <Text fw={600}>Skipped:</Text>
        <List size="sm">
          <List.Item>
            {formatRecipientCount(counts.invalid)} — {SKIP_REASONS.INVALID}
          </List.Item>
          <List.Item>
            {formatRecipientCount(counts.duplicate)} — {SKIP_REASONS.DUPLICATE}
          </List.Item>
          <List.Item>
            {formatRecipientCount(counts.suppressed)} — {SKIP_REASONS.SUPPRESSED}
          </List.Item>
        </List>
        <Text>
          <Text span fw={600}>
            Today&apos;s quota left:
          </Text>{' '}
          {formatRecipientCount(quota.remaining)} of {formatRecipientCount(quota.limit)} emails
        </Text>
        {overQuota > 0 && (
          <Alert color="yellow" role="status">
            {formatRecipientCount(Math.max(quota.remaining, 0))} emails go out today; the other{' '}
            {formatRecipientCount(overQuota)} when your quota resets ({formatDate(quota.resetsAt)}).
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

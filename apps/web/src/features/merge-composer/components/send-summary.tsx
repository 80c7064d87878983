import { Alert, List, Paper, Stack, Text, Title } from '@mantine/core';
import { formatCount } from '@mergeboard/core';
import { formatDate } from '../../../lib/format-date';
import type { MergeQuota } from '../api/get-merge-quota';
import type { SheetRecipients } from '../api/get-sheet-recipients';
import { SKIP_REASONS } from './skipped-rows';

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
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={3} size="h5">
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
          {formatCount(counts.valid)} of {formatCount(counts.rows)} rows
        </Text>
        <Text fw={600}>Skipped:</Text>
        <List size="sm">
          <List.Item>
            {formatCount(counts.invalid)} — {SKIP_REASONS.INVALID}
          </List.Item>
          <List.Item>
            {formatCount(counts.duplicate)} — {SKIP_REASONS.DUPLICATE}
          </List.Item>
          <List.Item>
            {formatCount(counts.suppressed)} — {SKIP_REASONS.SUPPRESSED}
          </List.Item>
        </List>
        <Text>
          <Text span fw={600}>
            Today&apos;s quota left:
          </Text>{' '}
          {formatCount(quota.remaining)} of {formatCount(quota.limit)} emails
        </Text>
        {overQuota > 0 && (
          <Alert color="yellow" role="status">
            {formatCount(Math.max(quota.remaining, 0))} emails go out today; the other {formatCount(overQuota)} when
            your quota resets ({formatDate(quota.resetsAt)}).
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

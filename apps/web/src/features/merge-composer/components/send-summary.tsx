import { Alert, List, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '../../../lib/format-date';
import type { MergeQuota } from '../api/get-merge-quota';
import type { SheetRecipients } from '../api/get-sheet-recipients';
import { SKIP_REASONS } from './skipped-rows';
import { formatRecipientCount, type MergeOptionsBody } from '../composer-draft';

const onOff = (on: boolean) => (on ? 'on' : 'off');

/** What sending will do: how many get the message, who is skipped and why, and today's quota. */
export function SendSummary({
  recipients,
  quota,
  subject,
  options,
}: {
  recipients: SheetRecipients;
  quota: MergeQuota;
  subject: string;
  /** The tracking, unsubscribe link and poll as they will be sent. */
  options: MergeOptionsBody;
}) {
  const { counts } = recipients;
  // The quota counts every address a message goes to (To, Cc and Bcc), not the messages.
  const overQuota = counts.addresses - quota.remaining;
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
        {counts.copies.valid > 0 && (
          <Text>
            <Text span fw={600}>
              Cc and Bcc:
            </Text>{' '}
            {formatRecipientCount(counts.copies.valid)} addresses, {formatRecipientCount(counts.addresses)}{' '}
            recipients in all
          </Text>
        )}
        <Text>
          <Text span fw={600}>
            Tracking:
          </Text>{' '}
          opens {onOff(options.trackOpens)}, clicks {onOff(options.trackClicks)}
        </Text>
        <Text>
          <Text span fw={600}>
            Unsubscribe link:
          </Text>{' '}
          {options.unsubscribeLink
            ? 'in the message'
            : 'none in the message (the one-click unsubscribe headers remain)'}
        </Text>
        <Text>
          <Text span fw={600}>
            Poll:
          </Text>{' '}
          {options.poll
            ? `${options.poll.question} (${options.poll.answers.length} answers: ${options.poll.answers.join(', ')})`
            : 'none'}
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
          {formatRecipientCount(quota.remaining)} of {formatRecipientCount(quota.limit)} recipients
        </Text>
        {overQuota > 0 && (
          <Alert color="yellow" role="status">
            Today&apos;s quota covers {formatRecipientCount(Math.max(quota.remaining, 0))} of the{' '}
            {formatRecipientCount(counts.addresses)} recipients; the rest go out when your quota resets (
            {formatDate(quota.resetsAt)}).
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

import { Alert, Box, Button, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatCount, type MergePauseReason } from '@mergeboard/core';
import { formatDate } from '../../../lib/format-date';
import { WORK_AREA_ERROR } from '../../../lib/work-area-error';
import { useMergeBounces, useResumeMerge, type MergeRef } from '../api/merge-steering';

/** What each pause reason is called above the sentence that gives the figures. */
const REASON_TITLES: Record<MergePauseReason, string> = {
  MANUAL: 'Paused by hand',
  BOUNCE_RATE: 'Paused: too many hard bounces',
  COMPLAINT: 'Paused: a spam complaint',
  POLICY_REJECTION: "Paused: a mailbox provider refused the sender's mail",
};

interface Props {
  merge: MergeRef;
  pause: { reason: MergePauseReason; details: string | null; pausedAt: string };
  /** The dialog's cancel (the Scheduled list's), run once the sender has confirmed it. */
  onCancel: () => void;
  canceling: boolean;
  /** After a resume: the dialog and the list read the merge again. */
  onResumed: () => void;
}

/** The hard bounces of a paused merge, with what each server answered. */
function MergeBounces({ merge }: { merge: MergeRef }) {
  const bounces = useMergeBounces(merge, { enabled: true });
  if (bounces.isPending) return <Skeleton height={80} role="status" aria-label="Loading the bounces" />;
  if (bounces.isError) return <Alert color="red">{WORK_AREA_ERROR}</Alert>;
  const { items, total } = bounces.data;
  if (total === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {`Hard bounces (${formatCount(total)})`}
      </Title>
      {total > items.length && (
        <Text size="sm" c="dimmed">{`The latest ${formatCount(items.length)} are listed.`}</Text>
      )}
      {/* A long list scrolls in its own region, which the keyboard can reach and scroll. */}
      <Box role="region" aria-label="Hard bounces" tabIndex={0} style={{ maxHeight: 240, overflowY: 'auto' }}>
        {/* A list rather than a table: an address and a server's answer both read in full at 375 px. */}
        <List listStyleType="none" spacing="xs" aria-label="Hard bounces">
          {items.map((bounce) => (
            <List.Item key={bounce.email}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {bounce.email}
              </Text>
              <Text size="sm" c="dimmed">
                {bounce.reason ?? '—'}
              </Text>
            </List.Item>
          ))}
        </List>
      </Box>
    </Stack>
  );
}

/**
 * A paused merge (issue 26) in its scheduled dialog: why it paused, with the figures, the bounces
 * that tripped the circuit breaker, and Resume or Cancel (which asks first).
 */
export function MergePausePanel({ merge, pause, onCancel, canceling, onResumed }: Props) {
  const resume = useResumeMerge();
  const [confirming, setConfirming] = useState(false);
  return (
    <Stack gap="sm">
      <Alert color="orange" role="status" title={REASON_TITLES[pause.reason]}>
        <Text size="sm">{pause.details}</Text>
        <Text
          size="sm"
          c="dimmed"
        >{`Since ${formatDate(Date.parse(pause.pausedAt))}. Nothing more is sent until it is resumed.`}</Text>
      </Alert>
      <MergeBounces merge={merge} />
      {resume.isError && (
        <Alert color="red" role="alert">
          {resume.error.message || WORK_AREA_ERROR}
        </Alert>
      )}
      {confirming ? (
        <Alert color="red" title="Cancel this mail merge?">
          <Text size="sm">The emails not sent yet will not be sent. This cannot be undone.</Text>
          <Group mt="sm">
            <Button color="red" onClick={onCancel} loading={canceling}>
              Yes, cancel it
            </Button>
            <Button variant="default" onClick={() => setConfirming(false)} disabled={canceling}>
              Keep it
            </Button>
          </Group>
        </Alert>
      ) : (
        <Group>
          <Button onClick={() => resume.mutate(merge, { onSuccess: onResumed })} loading={resume.isPending}>
            Resume
          </Button>
          <Button
            color="red"
            variant="outline"
            onClick={() => setConfirming(true)}
            disabled={resume.isPending}
          >
            Cancel mail merge
          </Button>
        </Group>
      )}
    </Stack>
  );
}

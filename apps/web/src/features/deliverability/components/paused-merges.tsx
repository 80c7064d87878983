import { Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { format } from 'date-fns/format';
import { useState } from 'react';
import { Link } from 'react-router';
import { DATE_FORMATS, type MergePauseReason, type SelfPausedMerge } from '@mergeboard/core';
import { paths } from '../../../config/paths';
import { useSpace } from '../../spaces';
import { useCancelMerge, useResumeMerge } from '../api/deliverability';

const REASONS: Record<MergePauseReason, string> = {
  MANUAL: 'Paused by hand',
  BOUNCE_RATE: 'Too many hard bounces',
  COMPLAINT: 'A spam complaint',
  POLICY_REJECTION: "Rejected by the receiver's policy",
};

function PausedMerge({ merge }: { merge: SelfPausedMerge }) {
  const { space, user, prefix, permissions } = useSpace();
  const resume = useResumeMerge(space.workspaceId);
  const cancel = useCancelMerge(space.workspaceId);
  const [confirming, setConfirming] = useState(false);
  const own = merge.sender.userId === user.id;
  const mayAct = own || permissions.canManageSettings;
  const error = resume.error ?? cancel.error;
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-label={merge.title}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {merge.title}
          </Text>
          <Text size="xs" c="dimmed">{`Paused ${format(new Date(merge.pausedAt), DATE_FORMATS.long)}`}</Text>
        </Group>
        <Text size="sm">
          <Text span fw={600}>
            {REASONS[merge.reason]}
          </Text>
          {merge.details ? ` · ${merge.details}` : ''}
        </Text>
        <Text size="xs" c="dimmed">{`Sender: ${merge.sender.name} (${merge.sender.email})`}</Text>
        {error && (
          <Alert color="red" p="xs">
            {error.message}
          </Alert>
        )}
        {mayAct && confirming && (
          <Alert color="red" p="xs" title={`Cancel ${merge.title}?`}>
            <Text size="sm">The emails not sent yet will not be sent. This cannot be undone.</Text>
            <Group gap="xs" mt="xs">
              <Button
                size="xs"
                color="red"
                loading={cancel.isPending}
                onClick={() => cancel.mutate({ mergeId: merge.mergeId })}
              >
                Yes, cancel it
              </Button>
              <Button
                size="xs"
                variant="default"
                disabled={cancel.isPending}
                onClick={() => setConfirming(false)}
              >
                Keep it
              </Button>
            </Group>
          </Alert>
        )}
        <Group gap="xs">
          {mayAct && !confirming && (
            <>
              <Button
                size="xs"
                loading={resume.isPending}
                onClick={() => resume.mutate({ mergeId: merge.mergeId })}
                aria-label={`Resume ${merge.title}`}
              >
                Resume
              </Button>
              <Button
                size="xs"
                color="red"
                variant="outline"
                disabled={resume.isPending}
                onClick={() => setConfirming(true)}
                aria-label={`Cancel ${merge.title}`}
              >
                Cancel
              </Button>
            </>
          )}
          {/* The sender's own Scheduled dialog lists the bounces that tripped it. */}
          {own && merge.scheduledMergeId && (
            <Anchor
              component={Link}
              size="sm"
              to={`${paths.space.scheduled.getHref(prefix)}/${merge.scheduledMergeId}`}
            >
              Open in Scheduled
            </Anchor>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The merges the circuit breaker paused, latest first, with what can be done about each. */
export function PausedMerges({ merges }: { merges: SelfPausedMerge[] }) {
  if (merges.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        No merge has paused itself.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {merges.map((merge) => (
        <PausedMerge key={merge.mergeId} merge={merge} />
      ))}
    </Stack>
  );
}

import { Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { format } from 'date-fns/format';
import { Link } from 'react-router';
import { DATE_FORMATS, type MergePauseReason, type SelfPausedMerge } from '@mergeboard/core';
import { paths } from '../../../config/paths';
import { useSpace } from '../../spaces';
import { useResumeMerge } from '../api/deliverability';

const REASONS: Record<MergePauseReason, string> = {
  MANUAL: 'Paused by hand',
  BOUNCE_RATE: 'Too many hard bounces',
  COMPLAINT: 'A spam complaint',
  POLICY_REJECTION: "Rejected by the receiver's policy",
};

function PausedMerge({ merge }: { merge: SelfPausedMerge }) {
  const { space, user, prefix, permissions } = useSpace();
  const resume = useResumeMerge(space.workspaceId);
  const own = merge.sender.userId === user.id;
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
        {resume.error && (
          <Alert color="red" p="xs">
            {resume.error.message}
          </Alert>
        )}
        <Group gap="xs">
          {(own || permissions.canManageSettings) && (
            <Button
              size="xs"
              loading={resume.isPending}
              onClick={() => resume.mutate({ mergeId: merge.mergeId })}
              aria-label={`Resume ${merge.title}`}
            >
              Resume
            </Button>
          )}
          {/* Canceling is the sender's own (API-046), in their Scheduled dialog. */}
          {own && merge.scheduledMergeId && (
            <Anchor
              component={Link}
              size="sm"
              to={`${paths.space.scheduled.getHref(prefix)}/${merge.scheduledMergeId}`}
            >
              Open in Scheduled to cancel
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

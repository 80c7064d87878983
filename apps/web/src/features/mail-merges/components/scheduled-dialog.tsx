import { Alert, Anchor, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useOutletContext, useParams } from 'react-router';
import { buildPath, exportScheduledSpreadsheet, formatCount } from '@mergeboard/core';
import { paths } from '../../../config/paths';
import { logEvent } from '../../events';
import { useSpace } from '../../spaces';
import {
  scheduledCountRoot,
  scheduledDetailRoot,
  scheduledListRoot,
  useCancelScheduledCampaign,
  useScheduledCampaign,
} from '../api/mail-merges';
import { usePauseMerge } from '../api/merge-steering';
import { deliveryDate, scheduledMergeMessage, statusLabel } from '../scheduled-messages';
import type { ScheduledOutletContext } from './scheduled-tab';
import { pollWhileSending } from '../follow-sending';
import { WORK_AREA_ERROR } from '../../../lib/work-area-error';
import { MergePausePanel } from './merge-pause-panel';
import { MergeSpreadsheet } from './merge-spreadsheet';

const CANCELLED_TEXT = 'Mail merge cancelled.';
/** C16: the work-area error banner keeps the spec's spelling. */
const CANCEL_EVENT = 'scheduled_merge_canceled_by_user';

const pollMergeWhileSending = pollWhileSending((merge: { status: string; mergeTime: number | null }) => [
  merge,
]);

/**
 * MM-011, MM-028 MM-029 MM-030 MM-031 MM-032 MM-033 MM-034 MM-035 MM-036 MM-037 MM-038 MM-039 MM-040 MM-041
 * MM-042 MM-043 MM-044 MM-045 MM-046: a scheduled merge at {scheduled}/{id}, with its status and Cancel.
 */
export function ScheduledDialog() {
  const { scheduledId = '' } = useParams();
  const { prefix, space } = useSpace();
  const { search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { setBanner } = useOutletContext<ScheduledOutletContext>();
  // While it is being sent, its emails sent count and status move: read it again like the list.
  const merge = useScheduledCampaign(scheduledId, { refetchInterval: pollMergeWhileSending });
  const cancel = useCancelScheduledCampaign();
  const pause = usePauseMerge();
  // After a pause or a resume: the dialog and the list show the merge's new state.
  const readAgain = () => {
    void queryClient.invalidateQueries({ queryKey: scheduledDetailRoot });
    void queryClient.invalidateQueries({ queryKey: scheduledListRoot });
  };
  const close = () => void navigate(`${paths.space.scheduled.getHref(prefix)}${search}`);

  const onCancel = () =>
    cancel.mutate(scheduledId, {
      onSuccess: () => {
        // MM-044: refresh, banner, close, back to the top, event logged (EVT-009).
        void queryClient.invalidateQueries({ queryKey: scheduledListRoot });
        void queryClient.invalidateQueries({ queryKey: scheduledCountRoot });
        setBanner({ color: 'green', text: CANCELLED_TEXT });
        close();
        window.scrollTo({ top: 0 });
        logEvent(CANCEL_EVENT, { scheduledMergeId: scheduledId }, space.workspaceId);
      },
      onError: () => {
        // MM-046
        setBanner({ color: 'red', text: WORK_AREA_ERROR });
        close();
      },
    });

  const data = merge.data;
  const message = data ? scheduledMergeMessage(data) : null;
  const steered = data?.mergeId ? { workspaceId: data.workspaceId, mergeId: data.mergeId } : null;
  // A merge waiting or being sent can be paused (issue 26); one an error stopped cannot.
  const pausable =
    steered && !data?.pause && (data?.status === 'SCHEDULED' || data?.status === 'IN PROGRESS');
  return (
    <Modal opened onClose={close} title={data?.title ?? 'Scheduled mail merge'} size="lg">
      {merge.isPending ? (
        <Skeleton height={160} role="status" aria-label="Loading" />
      ) : merge.isError ? (
        <Alert color="red">{WORK_AREA_ERROR}</Alert>
      ) : (
        <Stack gap="sm">
          {message && (
            <Alert color={message.color} role="status">
              {message.text}
              {message.helpLink && (
                <>
                  {' '}
                  <Anchor href={message.helpLink} target="_blank" rel="noreferrer">
                    Learn how to restore a sheet
                  </Anchor>
                </>
              )}
            </Alert>
          )}
          <Text size="sm">
            <Text span fw={600}>
              Status:
            </Text>{' '}
            {statusLabel(merge.data)}
          </Text>
          <Text size="sm">
            <Text span fw={600}>
              Delivery date:
            </Text>{' '}
            {deliveryDate(merge.data)}
          </Text>
          <Text size="sm">
            <Text span fw={600}>
              Emails sent:
            </Text>{' '}
            {`${formatCount(merge.data.numberOfEmailsSent)} / ${formatCount(merge.data.numberOfEmailsToSend)}`}
          </Text>
          {merge.data.pause && steered && (
            <MergePausePanel
              merge={steered}
              pause={merge.data.pause}
              onCancel={onCancel}
              canceling={cancel.isPending}
              onResumed={readAgain}
            />
          )}
          {pause.isError && (
            <Alert color="red" role="alert">
              {pause.error.message || WORK_AREA_ERROR}
            </Alert>
          )}
        </Stack>
      )}
      <Group justify="space-between" mt="lg">
        {data ? (
          <MergeSpreadsheet
            source={data.spreadsheetSource}
            link={data.spreadsheetLink}
            name={data.spreadsheetName}
            csvPath={buildPath(exportScheduledSpreadsheet.path, { id: scheduledId })}
          />
        ) : (
          <span />
        )}
        {!data?.pause && (
          <Group gap="sm">
            {pausable && (
              <Button
                variant="default"
                onClick={() => pause.mutate(steered, { onSuccess: readAgain })}
                loading={pause.isPending}
                disabled={cancel.isPending}
              >
                Pause
              </Button>
            )}
            <Button
              color="red"
              onClick={onCancel}
              // MM-043: disabled while loading.
              disabled={merge.isPending || cancel.isPending}
              loading={cancel.isPending}
            >
              Cancel mail merge
            </Button>
          </Group>
        )}
      </Group>
    </Modal>
  );
}

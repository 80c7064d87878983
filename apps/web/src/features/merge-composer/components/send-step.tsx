import { Alert, Button, Group, Skeleton, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MERGE_NAME_MAX_LENGTH, mergeTitle } from '@mergeboard/core';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format-date';
import { mergeStartedState } from '../../mail-merges';
import { useSpace } from '../../spaces';
import { useCreateMerge, type NewMerge } from '../api/create-merge';
import { useMergeQuota } from '../api/get-merge-quota';
import { useSendingDomainCheck } from '../api/get-sending-domain-check';
import type { SheetRecipients } from '../api/get-sheet-recipients';
import {
  chosenSheet,
  formatRecipientCount,
  optionsBody,
  scheduledInstant,
  timingProblem,
  type MergeOptions,
  type MessageDraft,
  type RecipientsChoice,
  type SendTiming,
  type TrackingDefaults,
} from '../composer-draft';
import { useTrackingDefaults } from './merge-options';
import { ConfirmSendDialog } from './confirm-send-dialog';
import { SendSummary } from './send-summary';
import { SendingDomainPanel } from './sending-domain-panel';
import { SendTimingChoice } from './send-timing';
import { StepProblems } from './step-problems';

interface SendStepProps {
  recipients: RecipientsChoice;
  sheetRecipients: SheetRecipients;
  message: MessageDraft;
  options: MergeOptions;
  timing: SendTiming;
  onTimingChange: (timing: SendTiming) => void;
  /** The name typed for the merge; null until the sender types one (the sheet's name applies). */
  name: string | null;
  onNameChange: (name: string) => void;
  onBack: () => void;
}

/** The spec's title of a merge of this sheet: the name it gets unless the sender gives another. */
const sheetTitle = ({ spreadsheet, ...choice }: RecipientsChoice) =>
  mergeTitle(spreadsheet.name, chosenSheet({ spreadsheet, ...choice }).name);

const optional = (key: string, value: string | null) =>
  value && value.trim() ? { [key]: value.trim() } : {};

function newMerge(
  {
    recipients,
    message,
    options,
    timing,
    name,
  }: Pick<SendStepProps, 'recipients' | 'message' | 'options' | 'timing' | 'name'>,
  trackingDefaults: TrackingDefaults,
  overrideDomainCheck: boolean,
): NewMerge {
  // Left empty or as suggested, the server names the merge after its sheet, as the spec does.
  const named = name?.trim() ?? '';
  return {
    ...(named && named !== sheetTitle(recipients) ? { name: named } : {}),
    spreadsheetId: recipients.spreadsheet.id,
    sheetId: recipients.sheetId,
    emailColumn: recipients.emailColumn ?? '',
    subject: message.subject,
    bodyHtml: message.bodyHtml,
    ...optional('senderName', message.senderName),
    ...optional('replyTo', message.replyTo),
    ...optional('ccColumn', recipients.ccColumn),
    ...optional('bccColumn', recipients.bccColumn),
    ...optionsBody(options, trackingDefaults),
    ...(overrideDomainCheck ? { overrideDomainCheck } : {}),
    send:
      timing.mode === 'now'
        ? { mode: 'now' }
        : { mode: 'schedule', at: scheduledInstant(timing) ?? 0, timeZone: timing.timeZone },
  };
}

/**
 * Step 3: the merge's name, now or later, the summary, and the confirmed send; then the Scheduled
 * list shows it, with a word on what happens next.
 */
export function SendStep(props: SendStepProps) {
  const { recipients, sheetRecipients, message, options, timing, onTimingChange, onBack } = props;
  const { space, prefix } = useSpace();
  const trackingDefaults = useTrackingDefaults();
  const navigate = useNavigate();
  const quota = useMergeQuota(space.workspaceId);
  const create = useCreateMerge(space.workspaceId);
  const domain = useSendingDomainCheck(space.workspaceId, sheetRecipients.counts.valid);
  const [override, setOverride] = useState(false);
  const blockedByDomain = domain.data?.blocked === true && !override;
  const [confirming, setConfirming] = useState(false);
  // A time already past when the step opened is refused here; the server refuses any other past time.
  const [openedAt] = useState(() => Date.now());
  const problem = timingProblem(timing, openedAt);
  const count = formatRecipientCount(sheetRecipients.counts.valid);
  const at = scheduledInstant(timing);
  const question =
    timing.mode === 'now'
      ? `Send ${count} emails now?`
      : `Schedule ${count} emails for ${at === null ? '' : formatDate(at)} (${timing.timeZone})?`;
  const send = () =>
    create.mutate(newMerge(props, trackingDefaults, override), {
      onSuccess: (created) =>
        void navigate(paths.space.scheduled.getHref(prefix), {
          state: mergeStartedState({
            title: created.title,
            scheduledMergeId: created.scheduledMergeId,
            scheduled: timing.mode === 'schedule',
          }),
        }),
    });

  if (quota.isPending) return <Skeleton height={240} mt="md" role="status" aria-label="Loading your quota" />;
  if (quota.isError)
    return (
      <Alert color="red" role="alert" mt="md">
        {quota.error.message}
      </Alert>
    );
  return (
    <Stack gap="md" mt="md">
      <TextInput
        label="Mail merge name"
        description="Its title on the Scheduled and Sent tabs; the sheet's name when left empty"
        placeholder={sheetTitle(recipients)}
        value={props.name ?? sheetTitle(recipients)}
        onChange={(event) => props.onNameChange(event.currentTarget.value)}
        maxLength={MERGE_NAME_MAX_LENGTH}
        maw={480}
      />
      <SendTimingChoice timing={timing} onChange={onTimingChange} quota={quota.data} />
      <SendSummary
        recipients={sheetRecipients}
        quota={quota.data}
        subject={message.subject}
        options={optionsBody(options, trackingDefaults)}
      />
      <SendingDomainPanel
        answer={domain.data}
        loading={domain.isPending}
        failed={domain.isError}
        override={override}
        onOverrideChange={setOverride}
        blockedReasonId="sending-domain-blocked"
      />
      <StepProblems problems={problem ? [problem] : []} />
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button
          onClick={() => {
            create.reset();
            setConfirming(true);
          }}
          disabled={problem !== null || blockedByDomain}
          aria-describedby={blockedByDomain ? 'sending-domain-blocked' : undefined}
        >
          {timing.mode === 'now' ? 'Send now' : 'Schedule'}
        </Button>
      </Group>
      <ConfirmSendDialog
        opened={confirming}
        question={question}
        confirmLabel={timing.mode === 'now' ? `Send ${count} emails` : 'Schedule'}
        sending={create.isPending}
        error={create.error?.message ?? null}
        onConfirm={send}
        onClose={() => !create.isPending && setConfirming(false)}
      />
    </Stack>
  );
}

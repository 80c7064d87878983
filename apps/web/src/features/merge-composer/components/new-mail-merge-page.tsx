import { Anchor, Button, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/page-title';
import { useIsMobile } from '../../../ui/use-is-mobile';
import { useSpace } from '../../spaces';
import { useSheetRecipients } from '../api/get-sheet-recipients';
import {
  BLANK_MESSAGE,
  browserTimeZone,
  chosenSheet,
  DEFAULT_OPTIONS,
  messageProblems,
  pollProblems,
  type MergeOptions,
  type MessageDraft,
  type RecipientsChoice,
  type SendTiming,
} from '../composer-draft';
import { MessageStep } from './message-step';
import { RecipientsStep } from './recipients-step';
import { SendStep } from './send-step';
import { StepProblems } from './step-problems';

const MOBILE_COMPOSER_TEXT = 'To create a mail merge, please visit the desktop version.';

const STEPS = ['Recipients', 'Message', 'Send'] as const;

/** Issue 14: the composer at {prefix}/mail-merges/new — recipients, message, send. Desktop only. */
export function NewMailMergePage() {
  usePageTitle('New mail merge');
  const { prefix, space } = useSpace();
  const isMobile = useIsMobile();
  const [step, setStep] = useState(0);
  const [recipients, setRecipients] = useState<RecipientsChoice | null>(null);
  const [message, setMessage] = useState<MessageDraft>(BLANK_MESSAGE);
  const [options, setOptions] = useState<MergeOptions>(DEFAULT_OPTIONS);
  const [name, setName] = useState<string | null>(null);
  const [timing, setTiming] = useState<SendTiming>(() => ({
    mode: 'now',
    date: '',
    time: '',
    timeZone: browserTimeZone(),
  }));
  const sheet = recipients && {
    workspaceId: space.workspaceId,
    spreadsheetId: recipients.spreadsheet.id,
    sheetId: recipients.sheetId,
  };
  const sheetRecipients = useSheetRecipients(sheet, {
    emailColumn: recipients?.emailColumn ?? null,
    ccColumn: recipients?.ccColumn ?? null,
    bccColumn: recipients?.bccColumn ?? null,
  });
  const sendable = sheetRecipients.data?.counts.valid ?? 0;

  const problems = [
    recipients?.emailColumn && sheetRecipients.isSuccess && sendable > 0
      ? []
      : ['Upload a spreadsheet with at least one valid address.'],
    recipients
      ? [
          ...messageProblems(message, chosenSheet(recipients).header),
          ...new Set(pollProblems(options.poll).values()),
        ]
      : [],
  ];
  const canGoTo = (target: number) => problems.slice(0, target).every((list) => list.length === 0);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          New mail merge
        </Title>
        <Anchor component={Link} to={paths.space.sent.getHref(prefix)}>
          Back to mail merges
        </Anchor>
      </Group>
      {isMobile ? (
        <Text>{MOBILE_COMPOSER_TEXT}</Text>
      ) : (
        <>
          <Stepper active={step} onStepClick={(target) => canGoTo(target) && setStep(target)}>
            <Stepper.Step label={STEPS[0]} description="Who receives it">
              <RecipientsStep choice={recipients} onChoose={setRecipients} recipients={sheetRecipients} />
            </Stepper.Step>
            <Stepper.Step label={STEPS[1]} description="What they read" allowStepSelect={canGoTo(1)}>
              {recipients && (
                <MessageStep
                  recipients={recipients}
                  message={message}
                  onChange={setMessage}
                  options={options}
                  onOptionsChange={setOptions}
                />
              )}
            </Stepper.Step>
            <Stepper.Step label={STEPS[2]} description="When it goes" allowStepSelect={canGoTo(2)}>
              {recipients && sheetRecipients.data && (
                <SendStep
                  recipients={recipients}
                  sheetRecipients={sheetRecipients.data}
                  message={message}
                  options={options}
                  timing={timing}
                  onTimingChange={setTiming}
                  name={name}
                  onNameChange={setName}
                  onBack={() => setStep(1)}
                />
              )}
            </Stepper.Step>
          </Stepper>
          {step < 2 && (
            <Stack gap="xs">
              <StepProblems problems={step === 1 ? (problems[1] ?? []) : []} />
              <Group justify="space-between">
                {step > 0 ? (
                  <Button variant="default" onClick={() => setStep(step - 1)}>
                    Back
                  </Button>
                ) : (
                  <span />
                )}
                <Button onClick={() => setStep(step + 1)} disabled={!canGoTo(step + 1)}>
                  Next: {STEPS[step + 1]}
                </Button>
              </Group>
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}

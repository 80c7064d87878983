import { ActionIcon, Button, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { MERGE_POLL_ANSWERS, type MergePoll } from '@mergeboard/core';
import type { Dispatch, SetStateAction } from 'react';
import { useSpace } from '../../spaces';
import {
  NEW_POLL,
  pollProblems,
  type MergeOptions as Options,
  type TrackingDefaults,
} from '../composer-draft';

const UNSUBSCRIBE_HELP =
  'The link goes where {{unsubscribe}} is in the message, else in a footer. Every message also carries ' +
  'one-click unsubscribe headers, so mail clients can offer their own Unsubscribe button.';

interface MergeOptionsProps {
  options: Options;
  defaults: TrackingDefaults;
  /** Updates go through the current options, as the message's do. */
  onChange: Dispatch<SetStateAction<Options>>;
}

/** What 'Track opens' and 'Track clicks' start as: the space's defaults, both on until they load. */
export function useTrackingDefaults(): TrackingDefaults {
  return useSpace().details?.trackingDefaults ?? { opens: true, clicks: true };
}

/** Tracking, the unsubscribe link and the poll of the merge (issue 23). */
export function MergeOptions({ options, defaults, onChange }: MergeOptionsProps) {
  const set = (changes: Partial<Options>) => onChange((current) => ({ ...current, ...changes }));
  return (
    <Paper component="section" aria-labelledby="merge-options-title" withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h5" id="merge-options-title">
          Tracking and unsubscribe
        </Title>
        <Switch
          label="Track opens"
          description="Counts who opens the message (an invisible image)"
          checked={options.trackOpens ?? defaults.opens}
          onChange={(event) => set({ trackOpens: event.currentTarget.checked })}
        />
        <Switch
          label="Track clicks"
          description="Counts who follows a link of the message"
          checked={options.trackClicks ?? defaults.clicks}
          onChange={(event) => set({ trackClicks: event.currentTarget.checked })}
        />
        <Switch
          label="Unsubscribe link"
          description={UNSUBSCRIBE_HELP}
          checked={options.unsubscribeLink}
          onChange={(event) => set({ unsubscribeLink: event.currentTarget.checked })}
        />
        {options.poll ? (
          <PollBlock poll={options.poll} onChange={(poll) => set({ poll })} />
        ) : (
          <Group>
            <Button variant="default" onClick={() => set({ poll: NEW_POLL })}>
              Add a poll
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** A question and 2 to 5 answers; each answer becomes a link under the message. */
function PollBlock({ poll, onChange }: { poll: MergePoll; onChange: (poll: MergePoll | null) => void }) {
  const problems = pollProblems(poll);
  const setAnswer = (index: number, answer: string) =>
    onChange({ ...poll, answers: poll.answers.map((entry, at) => (at === index ? answer : entry)) });
  return (
    <Stack gap="xs" role="group" aria-labelledby="poll-title">
      <Group justify="space-between">
        <Text fw={600} id="poll-title">
          Poll
        </Text>
        <Button variant="subtle" color="red" size="xs" onClick={() => onChange(null)}>
          Remove poll
        </Button>
      </Group>
      <TextInput
        label="Question"
        value={poll.question}
        error={problems.get('question')}
        onChange={(event) => onChange({ ...poll, question: event.currentTarget.value })}
      />
      {poll.answers.map((answer, index) => (
        <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={`Answer ${index + 1}`}
            value={answer}
            error={problems.get(`answers.${index}`)}
            onChange={(event) => setAnswer(index, event.currentTarget.value)}
          />
          {poll.answers.length > MERGE_POLL_ANSWERS.min && (
            <ActionIcon
              variant="subtle"
              color="gray"
              mt={28}
              aria-label={`Remove answer ${index + 1}`}
              onClick={() => onChange({ ...poll, answers: poll.answers.filter((_, at) => at !== index) })}
            >
              ×
            </ActionIcon>
          )}
        </Group>
      ))}
      {problems.get('answers') && (
        <Text size="sm" c="red.8">
          {problems.get('answers')}
        </Text>
      )}
      <Group>
        <Button
          variant="default"
          size="xs"
          disabled={poll.answers.length >= MERGE_POLL_ANSWERS.max}
          onClick={() => onChange({ ...poll, answers: [...poll.answers, ''] })}
        >
          Add an answer
        </Button>
        <Text size="xs" c="dimmed">
          {MERGE_POLL_ANSWERS.min} to {MERGE_POLL_ANSWERS.max} answers
        </Text>
      </Group>
    </Stack>
  );
}

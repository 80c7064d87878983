import { List, Text } from '@mantine/core';

/** What still stops the next step, as a polite live list so screen readers hear it change. */
export function StepProblems({ problems }: { problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <div aria-live="polite">
      <Text size="sm" fw={600}>
        Before going on:
      </Text>
      <List size="sm">
        {problems.map((problem) => (
          <List.Item key={problem}>{problem}</List.Item>
        ))}
      </List>
    </div>
  );
}

import { List, Text } from '@mantine/core';

/**
 * What still stops the next step. The live region stays in the page, so screen readers hear
 * the list as it changes.
 */
export function StepProblems({ problems }: { problems: readonly string[] }) {
  return (
    <div aria-live="polite">
      {problems.length > 0 && (
        <>
          <Text size="sm" fw={600}>
            Before going on:
          </Text>
          <List size="sm">
            {problems.map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
          </List>
        </>
      )}
    </div>
  );
}

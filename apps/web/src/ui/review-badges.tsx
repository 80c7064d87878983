import { Group, Text } from '@mantine/core';
import type { GroupProps } from '@mantine/core';

function Star() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="#f5b301"
        d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3 6.1 20.6l1.3-6.6L2.5 9.4l6.6-.8z"
      />
    </svg>
  );
}

/**
 * One review score, e.g. '4.9/5 on G2' (login side panel, onboarding). The scores are the
 * install's own (REVIEW_BADGES, config/env.ts): none is shown when it names none.
 */
export function ReviewBadge({
  score,
  source,
  ...props
}: { score: string; source: string } & Omit<GroupProps, 'children'>) {
  return (
    <Group gap={6} wrap="nowrap" {...props}>
      <Group gap={1} wrap="nowrap" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((star) => (
          <Star key={star} />
        ))}
      </Group>
      <Text size="sm" fw={600}>
        {`${score} on ${source}`}
      </Text>
    </Group>
  );
}

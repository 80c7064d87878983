import { Alert, Anchor, Text } from '@mantine/core';
import { isOwner, type UserWorkspace } from '@mergeboard/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** The spaces a person is an active member of without owning them: those they joined. */
export function joinedSpaces(spaces: readonly UserWorkspace[] | undefined): UserWorkspace[] {
  return (spaces ?? []).filter((space) => !isOwner(space.userRole) && space.status === 'ACTIVE');
}

const names = (spaces: readonly UserWorkspace[]) => {
  const all = spaces.map((space) => space.workspaceName);
  return all.length > 1 ? `${all.slice(0, -1).join(', ')} and ${all.at(-1)}` : (all[0] ?? '');
};

/**
 * Issue 24: a teammate who joined a space (from an invitation, typically) and then opens the
 * onboarding is told which space that is, and how to get to it: the join banner is gone by then
 * (ALERT-002 drops it when the path changes).
 */
export function JoinedSpacesNotice({ spaces }: { spaces: readonly UserWorkspace[] }) {
  const [first] = spaces;
  if (!first) return null;
  return (
    <Alert role="note" color="indigo" variant="light" title={`You joined ${names(spaces)}`} mb="xl">
      <Text size="sm">
        To send mail merges there, pick the space in the menu at the top of the sidebar, or go straight to it:{' '}
        {/* The theme's link colour is under 4.5:1 on the alert's tint: the text's own, underlined. */}
        <Anchor
          component={Link}
          to={paths.space.mailMerges.getHref(first.urlPrefix)}
          inherit
          c="inherit"
          underline="always"
        >
          Open {first.workspaceName}
        </Anchor>
      </Text>
    </Alert>
  );
}

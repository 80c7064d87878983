import { Badge, Button, Menu, Stack, Text } from '@mantine/core';
import type { UserWorkspace } from '@mergeboard/core';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useSpace } from '../../spaces';
import { spacePlanLabel } from '../shell-rules';

/** SHELL-020: a space's settings: general for its owner, users otherwise. */
export function settingsHrefOf(space: UserWorkspace): string {
  return space.userRole === 'OWNER'
    ? paths.space.general.getHref(space.urlPrefix)
    : paths.space.users.getHref(space.urlPrefix);
}

/**
 * SHELL-018..020: the user's spaces, the sending one marked 'Emails are sent from this space',
 * and 'Create space'. Choosing a space opens its settings.
 */
export function SpaceDropdown({ onCreateSpace }: { onCreateSpace: () => void }) {
  const { user, space: active } = useSpace();
  const navigate = useNavigate();
  const spaces = user.userWorkspaces ?? [];
  return (
    <Menu position="bottom-start" width={300} withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          fullWidth
          justify="space-between"
          // The visible space name leads the name, so speech users can say what they see (WCAG 2.5.3).
          aria-label={`${active.workspaceName}, Space menu`}
          rightSection={<span aria-hidden>▾</span>}
        >
          <Text size="sm" fw={600} truncate>
            {active.workspaceName}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Spaces</Menu.Label>
        {spaces.map((space) => (
          <Menu.Item
            key={space.workspaceId}
            onClick={() => void navigate(settingsHrefOf(space))}
            aria-current={space.workspaceId === active.workspaceId ? 'true' : undefined}
          >
            <Stack gap={2}>
              <Text size="sm" fw={space.workspaceId === active.workspaceId ? 700 : 500}>
                {space.workspaceName}
              </Text>
              <Text size="xs" c="dimmed">
                {spacePlanLabel(space)}
              </Text>
              {space.isSendingWorkspace && (
                <Badge variant="light" size="xs">
                  Emails are sent from this space
                </Badge>
              )}
            </Stack>
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item onClick={onCreateSpace}>Create space</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

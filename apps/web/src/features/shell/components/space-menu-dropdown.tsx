import { Badge, Menu, Stack, Text } from '@mantine/core';
import { settingsPageOf, type UserWorkspace } from '@mergeboard/core';
import type { ReactElement } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useSpace } from '../../spaces';
import { spacePlanLabel } from '../shell-rules';

/** SHELL-020: a space's settings: general for its owner, users otherwise (core's settingsPageOf). */
export function settingsHrefOf(space: UserWorkspace): string {
  return paths.space[settingsPageOf(space.userRole)].getHref(space.urlPrefix);
}

/**
 * SHELL-018 SHELL-019 SHELL-020: the user's spaces, the sending one marked 'Emails are sent from this space',
 * and 'Create space'. Choosing a space opens its settings. Loads when the user first reaches for
 * its trigger (space-dropdown.tsx), which it opens around.
 */
export function SpaceMenuDropdown({
  onCreateSpace,
  target,
  defaultOpened,
}: {
  onCreateSpace: () => void;
  target: ReactElement;
  defaultOpened: boolean;
}) {
  const { user, space: active } = useSpace();
  const navigate = useNavigate();
  const spaces = user.userWorkspaces ?? [];
  return (
    <Menu position="bottom-start" width={300} withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>{target}</Menu.Target>
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

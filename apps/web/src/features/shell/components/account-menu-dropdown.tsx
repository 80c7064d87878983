import { Menu, Stack, Text } from '@mantine/core';
import type { CurrentUser } from '@mergeboard/core';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useAuth } from '../../auth';
import type { SpaceContextValue } from '../../spaces';
import { showManageBilling, spacePlanLabel } from '../shell-rules';

function SpaceBlock({ context }: { context: SpaceContextValue }) {
  const { space } = context;
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {space.workspaceName}
      </Text>
      <Text size="xs" c="dimmed">
        {spacePlanLabel(space)}
      </Text>
    </Stack>
  );
}

/**
 * SHELL-015 SHELL-016 SHELL-017: the header's account menu: name and email, the active space and its plan
 * (a link to the space settings only with access to users), Manage billing when allowed,
 * Switch account and Log out. A DISABLED user's menu keeps only the account actions. Loads when
 * the user first reaches for its trigger (account-menu.tsx), which it opens around.
 */
export function AccountMenuDropdown({
  user,
  context,
  target,
  defaultOpened,
}: {
  user: CurrentUser;
  context: SpaceContextValue | null;
  target: ReactElement;
  defaultOpened: boolean;
}) {
  const { logout, switchAccount } = useAuth();
  const disabled = user.status === 'DISABLED';
  const linkToSettings = !disabled && context !== null && context.permissions.canAccessUsersPage;
  const manageBilling =
    !disabled && context !== null && showManageBilling(context.space, context.permissions);

  return (
    <Menu position="bottom-end" width={280} withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Stack gap={0} px="sm" py="xs">
          <Text fw={600}>{user.userName}</Text>
          <Text size="sm" c="dimmed">
            {user.userEmail}
          </Text>
        </Stack>
        {context && (
          <>
            <Menu.Divider />
            {linkToSettings ? (
              <Menu.Item component={Link} to={paths.space.settings.getHref(context.prefix)}>
                <SpaceBlock context={context} />
              </Menu.Item>
            ) : (
              <Stack px="sm" py="xs" data-disabled={disabled || undefined}>
                <SpaceBlock context={context} />
              </Stack>
            )}
          </>
        )}
        <Menu.Divider />
        {manageBilling && context && (
          <Menu.Item component={Link} to={paths.space.billing.getHref(context.prefix)}>
            Manage billing
          </Menu.Item>
        )}
        <Menu.Item onClick={() => void switchAccount()}>Switch account</Menu.Item>
        <Menu.Item onClick={() => void logout()}>Log out</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

import { Avatar, Divider, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import type { CurrentUser } from '@mergeboard/core';
import { useAuth } from '../../auth';
import { activeSpaceOf, planLabel } from '../active-space';

/** The header's account menu: who is signed in, the active space and plan, switch and log out. */
export function AccountMenu({ user }: { user: CurrentUser }) {
  const { logout, switchAccount } = useAuth();
  const space = activeSpaceOf(user.userWorkspaces);
  return (
    <Menu position="bottom-end" width={280} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label="Account menu" style={{ borderRadius: '50%' }}>
          <Avatar src={user.profilePictureUrl} alt={user.userName} color="indigo" radius="xl">
            {user.initials}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Stack gap={0} px="sm" py="xs">
          <Text fw={600}>{user.userName}</Text>
          <Text size="sm" c="dimmed">
            {user.userEmail}
          </Text>
        </Stack>
        {space && (
          <>
            <Divider my={4} />
            <Stack gap={0} px="sm" py="xs" aria-label="Active space">
              <Text size="sm" fw={600}>
                {space.workspaceName}
              </Text>
              <Text size="sm" c="dimmed">
                {planLabel(space.workspacePlan)}
              </Text>
            </Stack>
          </>
        )}
        <Menu.Divider />
        <Menu.Item onClick={() => void switchAccount()}>Switch account</Menu.Item>
        <Menu.Item onClick={() => void logout()}>Log out</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

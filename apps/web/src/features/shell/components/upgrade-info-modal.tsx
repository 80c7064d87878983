import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { MEMBER_ROLE_LABELS, upgradeContactText } from '@mergeboard/core';
import { CopyValueButton } from '../../../ui/copy-value-button';
import { useSpace } from '../../spaces';
import { useSpaceManagers } from '../api/list-space-managers';

/**
 * SHELL-023 SHELL-024: a free member of a Pro space learns whom to ask for an upgrade: the owner and
 * the admins (owner first, as the server lists them), each address with a copy button (an icon with an
 * accessible name; issue 24).
 */
export function UpgradeInfoModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Upgrade your plan" centered>
      {opened && <UpgradeInfo onClose={onClose} />}
    </Modal>
  );
}

function UpgradeInfo({ onClose }: { onClose: () => void }) {
  const { space } = useSpace();
  const query = useSpaceManagers(space.workspaceId);
  const managers = query.data?.items ?? [];

  return (
    <Stack>
      {query.isPending ? (
        <Loader size="sm" role="status" aria-label="Loading" />
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {managers.map((member) => (
            <Group key={member.id} component="li" justify="space-between" wrap="nowrap">
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {member.name} ({MEMBER_ROLE_LABELS[member.role]})
                </Text>
                <Text size="sm" c="dimmed">
                  {member.email}
                </Text>
              </Stack>
              <CopyValueButton value={member.email} label={member.email} />
            </Group>
          ))}
        </Stack>
      )}
      <Text size="sm">{upgradeContactText(managers)}</Text>
      <Group justify="flex-end">
        <Button onClick={onClose}>Close</Button>
      </Group>
    </Stack>
  );
}

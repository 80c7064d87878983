import { Stack, Title } from '@mantine/core';
import { usePageTitle } from '../../../lib/page-title';
import { DeleteSpace } from '../components/delete-space';
import { RenameSpace } from '../components/rename-space';
import { TrackingDefaults } from '../components/tracking-defaults';
import { TransferOwnership } from '../components/transfer-ownership';

/** SPACE-018: /space/general (owner only): rename, tracking defaults, transfer ownership, delete. */
export function Component() {
  usePageTitle('General');
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1} size="h2">
        General settings
      </Title>
      <RenameSpace />
      <TrackingDefaults />
      <TransferOwnership />
      <DeleteSpace />
    </Stack>
  );
}

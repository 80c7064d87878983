import { Anchor, Button, Group, Modal, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { TRANSFER_TEXTS, canBecomeOwner } from '@mergeboard/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { env } from '../../../config/env';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { errorAlert, transferredAlert, useAlerts } from '../../alerts';
import { useRefreshSpaces, useSpace, useTransferOwnership, useWorkspaceMembers } from '../../spaces';

/**
 * SPACE-019, SPACE-023 SPACE-024 SPACE-025 SPACE-026 SPACE-027 SPACE-028 SPACE-029 SPACE-030 SPACE-031
 * SPACE-032: the transfer ownership section; hidden while TRANSFER_WORKSPACE is restricted, a notice on plans
 * without the feature.
 */
export function TransferOwnership() {
  const { permissions, space, prefix } = useSpace();
  if (permissions.isTransferWorkspaceRestricted) return null;

  let body;
  if (!permissions.transferOwnerShip) {
    const legacy = space.workspacePlan === 'LEGACY';
    body = (
      <Text size="sm">
        {legacy ? TRANSFER_TEXTS.legacy(env.productName) : TRANSFER_TEXTS.free}{' '}
        <Anchor component={Link} to={paths.space.billing.getHref(prefix, '?show-plans=1')} size="sm">
          {legacy ? 'Switch plan' : 'Upgrade'}
        </Anchor>
      </Text>
    );
  } else {
    body = <TransferForm />;
  }

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="transfer-title">
      <Stack>
        <Title order={2} size="h4" id="transfer-title">
          Transfer ownership
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}

function TransferForm() {
  const { space, prefix, isPerSeat } = useSpace();
  const members = useWorkspaceMembers(space.workspaceId);
  const transfer = useTransferOwnership();
  const refreshSpaces = useRefreshSpaces();
  const { showAlert } = useAlerts();
  const navigate = useNavigate();
  const [userId, setUserId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const candidates = (members.data?.items ?? []).filter((member) => canBecomeOwner(member, isPerSeat));
  const chosen = candidates.find((member) => member.id === userId) ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setError(TRANSFER_TEXTS.required);
      return;
    }
    setConfirming(true);
  };

  const confirm = async () => {
    if (!chosen) return;
    try {
      await transfer.mutateAsync({ workspaceId: space.workspaceId, userId: chosen.id });
      const target = paths.space.sent.getHref(prefix);
      showAlert(transferredAlert(space.workspaceName, chosen.email, target));
      setConfirming(false);
      await refreshSpaces();
      void navigate(target);
    } catch (failure) {
      setConfirming(false);
      if (isApiError(failure) && failure.status === 409 && failure.code === 'user_owns_too_many_workspaces') {
        setError(TRANSFER_TEXTS.tooManySpaces);
      } else {
        showAlert(errorAlert());
      }
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          The new owner gets full control of the space; you stay in it as a regular member.
        </Text>
        <Select
          label="New owner"
          placeholder={members.isPending ? 'Loading members…' : 'Choose a member'}
          data={candidates.map((member) => ({ value: member.id, label: `${member.name} (${member.email})` }))}
          value={userId}
          onChange={(value) => {
            setUserId(value);
            setError(null);
          }}
          error={error}
          searchable
          nothingFoundMessage="No member can become the owner"
        />
        <Group justify="flex-end">
          <Button type="submit">Transfer ownership</Button>
        </Group>
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Transfer ownership" centered>
        <Stack>
          <Text size="sm">
            Transfer the ownership of {space.workspaceName} to {chosen?.name} ({chosen?.email})? You will
            become a regular member of this space.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={transfer.isPending}>
              Cancel
            </Button>
            <Button onClick={() => void confirm()} loading={transfer.isPending}>
              Confirm
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}

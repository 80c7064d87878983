import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { MAX_OWNED_SPACES, MAX_SPACES_MESSAGES, spaceNameError } from '@mergeboard/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { createdAlert, errorAlert, useAlerts } from '../../alerts';
import { findSpace, ownedSpaceCount, useCreateWorkspace, useRefreshSpaces, useSpace } from '../../spaces';

/**
 * SHELL-022, SPACE-006 SPACE-007 SPACE-008 SPACE-009 SPACE-010 SPACE-011 SPACE-012 SPACE-013 SPACE-014
 * SPACE-015 SPACE-016: name a new space. The name is checked on submit, and on blur once something was typed;
 * a user who owns 5 spaces is told so and the form is disabled. Success switches to the new space's sent mail
 * merges with the created alert.
 */
export function NewSpaceModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="New space" centered>
      {opened && <NewSpaceForm onClose={onClose} />}
    </Modal>
  );
}

function NewSpaceForm({ onClose }: { onClose: () => void }) {
  const { user } = useSpace();
  const navigate = useNavigate();
  const { showAlert } = useAlerts();
  const refreshSpaces = useRefreshSpaces();
  const create = useCreateWorkspace();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The name is judged once the person has typed or tried to create, not when focus merely leaves
  // the empty field the modal opened with.
  const [typed, setTyped] = useState(false);
  const atLimit = ownedSpaceCount(user.userWorkspaces) >= MAX_OWNED_SPACES;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = spaceNameError(name);
    setError(problem);
    if (problem || atLimit) return;
    try {
      const { workspaceId } = await create.mutateAsync({ workspaceName: name.trim(), userId: user.userId });
      const fresh = await refreshSpaces();
      const space = findSpace(fresh?.userWorkspaces, workspaceId);
      const target = space ? paths.space.sent.getHref(space.urlPrefix) : paths.home.getHref();
      showAlert(createdAlert(space?.workspaceName ?? name.trim(), target));
      onClose();
      void navigate(target);
    } catch (failure) {
      if (isApiError(failure) && failure.fields?.['body.workspaceName']) {
        setError(failure.fields['body.workspaceName']);
      } else if (isApiError(failure) && failure.code === 'too_many_spaces') {
        setError(MAX_SPACES_MESSAGES.text);
      } else {
        // SPACE-016: the create error alert.
        showAlert(errorAlert());
        onClose();
      }
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack>
        {atLimit && (
          <Stack gap={4} role="status">
            <Text fw={700}>{MAX_SPACES_MESSAGES.title}</Text>
            <Text size="sm">{MAX_SPACES_MESSAGES.text}</Text>
          </Stack>
        )}
        <TextInput
          label="Space name"
          value={name}
          disabled={atLimit}
          error={error}
          data-autofocus
          onChange={(event) => {
            setName(event.currentTarget.value);
            setTyped(true);
            if (error) setError(null);
          }}
          onBlur={() => {
            if (typed) setError(spaceNameError(name));
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={atLimit} loading={create.isPending}>
            Create
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

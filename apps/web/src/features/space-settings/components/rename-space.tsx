import { Paper, Stack, TextInput, Title } from '@mantine/core';
import { spaceNameError } from '@mergeboard/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { isApiError } from '../../../lib/api-client';
import { errorAlert, useAlerts } from '../../alerts';
import { useRefreshSpaces, useSpace, useUpdateWorkspace } from '../../spaces';
import { FormActions } from './form-actions';

/**
 * SPACE-020 SPACE-021 SPACE-022: rename the space. Save stays disabled while the name is unchanged or saving;
 * Cancel puts the saved name back; the trimmed name is sent.
 */
export function RenameSpace() {
  const { space } = useSpace();
  // A new saved name (after a rename) starts the form afresh.
  return (
    <RenameForm key={space.workspaceName} workspaceId={space.workspaceId} savedName={space.workspaceName} />
  );
}

function RenameForm({ workspaceId, savedName }: { workspaceId: string; savedName: string }) {
  const update = useUpdateWorkspace();
  const refreshSpaces = useRefreshSpaces();
  const { showAlert } = useAlerts();
  const [name, setName] = useState(savedName);
  const [error, setError] = useState<string | null>(null);
  const unchanged = name === savedName;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = spaceNameError(name);
    setError(problem);
    if (problem || unchanged) return;
    try {
      await update.mutateAsync({ workspaceId, workspaceName: name.trim() });
      await refreshSpaces();
    } catch (failure) {
      const fieldError = isApiError(failure) ? failure.fields?.['body.workspaceName'] : undefined;
      if (fieldError) setError(fieldError);
      else showAlert(errorAlert());
    }
  };

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="rename-space-title">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <Title order={2} size="h4" id="rename-space-title">
            Space name
          </Title>
          <TextInput
            label="Space name"
            value={name}
            error={error}
            onChange={(event) => {
              setName(event.currentTarget.value);
              if (error) setError(null);
            }}
            onBlur={() => setError(spaceNameError(name))}
          />
          <FormActions
            unchanged={unchanged}
            saving={update.isPending}
            onCancel={() => {
              setName(savedName);
              setError(null);
            }}
          />
        </Stack>
      </form>
    </Paper>
  );
}

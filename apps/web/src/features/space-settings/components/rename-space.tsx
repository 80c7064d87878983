import { Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { spaceNameError } from '@mergeboard/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { isApiError } from '../../../lib/api-client';
import { errorAlert, useAlerts } from '../../alerts';
import { useRefreshSpaces, useSpace, useUpdateWorkspace } from '../../spaces';
import { FormActions } from './form-actions';

/**
 * SPACE-020 SPACE-021 SPACE-022: rename the space. Save stays disabled while the name is unchanged or saving;
 * Cancel puts the saved name back; the trimmed name is sent. A rename that went through says so in a
 * polite status (issue 24: it used to save silently).
 */
export function RenameSpace() {
  const { space } = useSpace();
  const [savedNotice, setSavedNotice] = useState(false);
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="rename-space-title">
      <Title order={2} size="h4" id="rename-space-title" mb="md">
        Space name
      </Title>
      {/* A new saved name (after a rename) starts the form afresh. */}
      <RenameForm
        key={space.workspaceName}
        workspaceId={space.workspaceId}
        savedName={space.workspaceName}
        onSaved={() => setSavedNotice(true)}
        onEdit={() => setSavedNotice(false)}
      />
      {/* Outside the form, which starts afresh on the new name: the region is there before its text. */}
      <Text role="status" size="sm" c="green.9" fw={600} mt={savedNotice ? 'sm' : 0}>
        {savedNotice ? 'Space name saved.' : ''}
      </Text>
    </Paper>
  );
}

function RenameForm({
  workspaceId,
  savedName,
  onSaved,
  onEdit,
}: {
  workspaceId: string;
  savedName: string;
  onSaved: () => void;
  onEdit: () => void;
}) {
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
      onSaved();
      await refreshSpaces();
    } catch (failure) {
      const fieldError = isApiError(failure) ? failure.fields?.['body.workspaceName'] : undefined;
      if (fieldError) setError(fieldError);
      else showAlert(errorAlert());
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack>
        <TextInput
          label="Space name"
          value={name}
          error={error}
          onChange={(event) => {
            setName(event.currentTarget.value);
            onEdit();
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
  );
}

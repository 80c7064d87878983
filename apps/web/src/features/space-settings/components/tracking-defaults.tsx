import { Alert, Loader, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { errorAlert, useAlerts } from '../../alerts';
import { FormActions } from './form-actions';
import { getWorkspaceQueryOptions, useSpace, useUpdateWorkspace } from '../../spaces';

interface Defaults {
  opens: boolean;
  clicks: boolean;
}

const SWITCHES = [
  { key: 'opens', label: 'Track opens' },
  { key: 'clicks', label: 'Track clicks' },
] as const;

/**
 * Issue 23: what 'Track opens' and 'Track clicks' start as in a new merge of this space. Save stays
 * disabled while unchanged or saving, and for anyone who may not change the space's settings.
 */
export function TrackingDefaults() {
  const { space, details, permissions } = useSpace();
  if (!details) return <Loader size="sm" role="status" aria-label="Loading the tracking defaults" />;
  return (
    <TrackingForm
      workspaceId={space.workspaceId}
      saved={details.trackingDefaults}
      canEdit={permissions.canAccessGeneralSettings}
    />
  );
}

function TrackingForm({
  workspaceId,
  saved,
  canEdit,
}: {
  workspaceId: string;
  saved: Defaults;
  canEdit: boolean;
}) {
  const update = useUpdateWorkspace();
  const queryClient = useQueryClient();
  const { showAlert } = useAlerts();
  const [choice, setChoice] = useState(saved);
  const [savedNotice, setSavedNotice] = useState(false);
  const unchanged = choice.opens === saved.opens && choice.clicks === saved.clicks;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (unchanged || !canEdit) return;
    try {
      const updated = await update.mutateAsync({
        workspaceId,
        trackOpensDefault: choice.opens,
        trackClicksDefault: choice.clicks,
      });
      // The space's details (which the composer reads) take the saved defaults at once.
      const { queryKey } = getWorkspaceQueryOptions(workspaceId);
      queryClient.setQueryData(queryKey, (current) =>
        current && 'features' in current
          ? { ...current, trackingDefaults: updated.trackingDefaults }
          : current,
      );
      setSavedNotice(true);
    } catch {
      showAlert(errorAlert());
    }
  };

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="tracking-defaults-title">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <Title order={2} size="h4" id="tracking-defaults-title">
            Tracking
          </Title>
          <Text size="sm" c="dimmed">
            What new mail merges in this space start with; each merge can still change it.
          </Text>
          {SWITCHES.map(({ key, label }) => (
            <Switch
              key={key}
              label={label}
              checked={choice[key]}
              disabled={!canEdit || update.isPending}
              onChange={(event) => {
                setChoice({ ...choice, [key]: event.currentTarget.checked });
                setSavedNotice(false);
              }}
            />
          ))}
          {savedNotice && unchanged && (
            <Alert color="green" role="status">
              Tracking defaults saved.
            </Alert>
          )}
          <FormActions
            unchanged={unchanged}
            saving={update.isPending}
            canSave={canEdit}
            onCancel={() => setChoice(saved)}
          />
        </Stack>
      </form>
    </Paper>
  );
}

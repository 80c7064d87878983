import { Button, Group } from '@mantine/core';

/**
 * A settings form's Cancel and Save: both disabled while nothing changed or while saving; Save
 * also for whoever may not save.
 */
export function FormActions({
  unchanged,
  saving,
  canSave = true,
  onCancel,
}: {
  unchanged: boolean;
  saving: boolean;
  canSave?: boolean;
  onCancel: () => void;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" disabled={unchanged || saving} onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={!canSave || unchanged || saving} loading={saving}>
        Save
      </Button>
    </Group>
  );
}

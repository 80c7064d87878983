import { Button } from '@mantine/core';
import { useState } from 'react';

/** CONST-011: an export button, disabled without data and while the file downloads. */
export function ExportButton({
  hasData,
  onExport,
  label = 'Export',
}: {
  hasData: boolean;
  onExport: () => Promise<void>;
  label?: string;
}) {
  const [running, setRunning] = useState(false);
  return (
    <Button
      variant="default"
      disabled={!hasData || running}
      onClick={() => {
        setRunning(true);
        onExport()
          .catch(() => undefined)
          .finally(() => setRunning(false));
      }}
    >
      {label}
    </Button>
  );
}

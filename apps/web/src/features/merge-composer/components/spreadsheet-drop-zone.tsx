import { Button, FileButton, Paper, Stack, Text } from '@mantine/core';
import { useState, type DragEvent } from 'react';
import { SPREADSHEET_LIMITS } from '@mergeboard/core';
import { formatRecipientCount } from '../composer-draft';

const ACCEPTED_FILES =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MAX_MEGABYTES = SPREADSHEET_LIMITS.maxBytes / (1024 * 1024);
const LIMITS_TEXT = `CSV or XLSX, up to ${MAX_MEGABYTES} MB and ${formatRecipientCount(SPREADSHEET_LIMITS.maxRows)} rows.`;

/**
 * Where a spreadsheet file comes in: dropped on the zone, or picked with the button (the way in
 * from the keyboard). The file goes to `onFile`; checking it is the server's job.
 */
export function SpreadsheetDropZone({
  onFile,
  uploading,
  replacing,
}: {
  onFile: (file: File) => void;
  uploading: boolean;
  /** A spreadsheet is already chosen: a new file replaces it (the zone is smaller then). */
  replacing: boolean;
}) {
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !uploading) onFile(file);
  };
  return (
    <Paper
      withBorder
      p={replacing ? 'md' : 'xl'}
      radius="md"
      data-testid="spreadsheet-drop-zone"
      bg={dragging ? 'blue.0' : undefined}
      style={{ borderStyle: 'dashed', borderWidth: 2 }}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <Stack align="center" gap="xs">
        <Text fw={600}>
          {replacing ? 'Drop another spreadsheet here to use it instead' : 'Drop a spreadsheet here'}
        </Text>
        <Text size="sm" c="dimmed">
          {LIMITS_TEXT}
        </Text>
        <FileButton onChange={(file) => file && onFile(file)} accept={ACCEPTED_FILES}>
          {(props) => (
            <Button {...props} loading={uploading}>
              {replacing ? 'Choose another file' : 'Choose a file'}
            </Button>
          )}
        </FileButton>
      </Stack>
    </Paper>
  );
}

import { Alert, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { renderMergeText } from '@mergeboard/core';
import type { SheetRef } from '../api/get-sheet-recipients';
import { useSheetRow } from '../api/get-sheet-row';

interface RowPreviewProps {
  sheet: SheetRef;
  header: readonly string[];
  rowCount: number;
  emailColumn: string | null;
  subject: string;
  bodyHtml: string;
  rowNumber: number;
  onRowNumberChange: (rowNumber: number) => void;
}

/**
 * The message as one row's recipient gets it: merge fields filled from that row (values
 * HTML-escaped by core's renderMergeText), the body in a sandboxed frame that runs nothing.
 */
export function RowPreview(props: RowPreviewProps) {
  const { sheet, header, rowCount, emailColumn, subject, bodyHtml, rowNumber, onRowNumberChange } = props;
  const row = useSheetRow(sheet, rowNumber);
  const cells = row.data?.cells ?? [];
  const emailIndex = emailColumn === null ? -1 : header.indexOf(emailColumn);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Title order={3} size="h5">
            Preview
          </Title>
          <RowNumberInput rowNumber={rowNumber} rowCount={rowCount} onChange={onRowNumberChange} />
        </Group>
        {row.isError ? (
          <Alert color="red" role="alert">
            {row.error.message}
          </Alert>
        ) : row.isPending ? (
          <Skeleton height={240} role="status" aria-label="Loading the row" />
        ) : (
          <Stack gap={4} aria-label={`Preview of row ${rowNumber}`} role="region">
            <Text size="sm">
              <Text span fw={600}>
                To:
              </Text>{' '}
              {cells[emailIndex] ?? ''}
            </Text>
            <Text size="sm">
              <Text span fw={600}>
                Subject:
              </Text>{' '}
              {renderMergeText(subject, header, cells, { html: false, headerLine: true })}
            </Text>
            <iframe
              title={`Message for row ${rowNumber}`}
              sandbox=""
              srcDoc={renderMergeText(bodyHtml, header, cells, { html: true })}
              style={{ width: '100%', height: 320, border: '1px solid var(--mantine-color-gray-3)' }}
            />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** The row to preview: typed freely, taken as soon as it names a row of the sheet. */
function RowNumberInput({
  rowNumber,
  rowCount,
  onChange,
}: {
  rowNumber: number;
  rowCount: number;
  onChange: (rowNumber: number) => void;
}) {
  const [typed, setTyped] = useState(String(rowNumber));
  const typedNumber = Number(typed);
  const valid = typed !== '' && Number.isInteger(typedNumber) && typedNumber >= 1 && typedNumber <= rowCount;
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        type="number"
        label="Row"
        min={1}
        max={rowCount}
        value={typed}
        error={valid || typed === '' ? undefined : `Choose a row from 1 to ${rowCount}`}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setTyped(next);
          const number = Number(next);
          if (next !== '' && Number.isInteger(number) && number >= 1 && number <= rowCount) onChange(number);
        }}
        w={90}
      />
      <Text size="sm" c="dimmed" pb={8}>
        of {rowCount}
      </Text>
    </Group>
  );
}

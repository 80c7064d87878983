import { Button, NativeSelect, Popover, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { mergeFieldText } from '../composer-draft';

interface MergeFieldPickerProps {
  /** The sheet's columns. */
  columns: readonly string[];
  /** Where the field goes, for the button's name: 'subject' or 'message'. */
  target: string;
  onInsert: (text: string) => void;
}

/**
 * 'Insert merge field': a column of the sheet and an optional fallback for empty cells, inserted
 * where the cursor was as `{{Column}}` or `{{Column|fallback}}`.
 */
export function MergeFieldPicker({ columns, target, onInsert }: MergeFieldPickerProps) {
  const [opened, setOpened] = useState(false);
  const [column, setColumn] = useState(columns[0] ?? '');
  const [fallback, setFallback] = useState('');
  const insert = () => {
    onInsert(mergeFieldText(column, fallback));
    setFallback('');
    setOpened(false);
  };
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      trapFocus
      returnFocus
      position="bottom-end"
      shadow="md"
      withArrow
    >
      <Popover.Target>
        <Button
          variant="light"
          size="xs"
          onClick={() => setOpened((open) => !open)}
          aria-label={`Insert merge field in the ${target}`}
          disabled={columns.length === 0}
        >
          Insert merge field
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            insert();
          }}
        >
          <Stack gap="xs" w={260}>
            <NativeSelect
              label="Column"
              data={[...new Set(columns.filter(Boolean))]}
              value={column}
              onChange={(event) => setColumn(event.currentTarget.value)}
            />
            <TextInput
              label="Fallback for empty cells"
              description="Optional, e.g. there"
              value={fallback}
              onChange={(event) => setFallback(event.currentTarget.value)}
            />
            <Button type="submit">Insert {mergeFieldText(column, fallback)}</Button>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}

import { Group, Select } from '@mantine/core';
import { chosenSheet, type RecipientsChoice } from '../composer-draft';

/** The sheet of a workbook (when it has more than one) and the column holding the addresses. */
export function SheetAndColumnPickers({
  choice,
  onChoose,
}: {
  choice: RecipientsChoice;
  onChoose: (choice: RecipientsChoice) => void;
}) {
  const { sheets } = choice.spreadsheet;
  const sheet = chosenSheet(choice);
  return (
    <Group align="flex-end" gap="md">
      {sheets.length > 1 && (
        <Select
          label="Sheet"
          data={sheets.map((entry) => ({ value: entry.sheetId, label: entry.name }))}
          value={choice.sheetId}
          allowDeselect={false}
          onChange={(sheetId) => {
            const next = sheets.find((entry) => entry.sheetId === sheetId);
            if (next) onChoose({ ...choice, sheetId: next.sheetId, emailColumn: next.emailColumn });
          }}
          w={240}
        />
      )}
      <Select
        label="Email column"
        placeholder="Choose the column of addresses"
        data={[...new Set(sheet.header.filter(Boolean))]}
        value={choice.emailColumn}
        allowDeselect={false}
        onChange={(emailColumn) => emailColumn && onChoose({ ...choice, emailColumn })}
        w={280}
      />
    </Group>
  );
}

import { Group, Select } from '@mantine/core';
import { COPY_ADDRESSES_PER_CELL } from '@mergeboard/core';
import { chosenSheet, sheetChoice, type RecipientsChoice } from '../composer-draft';

/**
 * The sheet of a workbook (when it has more than one), the column holding the addresses, and the
 * columns whose addresses get a copy (Cc) or a blind copy (Bcc) of each row's message.
 */
export function SheetAndColumnPickers({
  choice,
  onChoose,
}: {
  choice: RecipientsChoice;
  onChoose: (choice: RecipientsChoice) => void;
}) {
  const { sheets } = choice.spreadsheet;
  const sheet = chosenSheet(choice);
  const columns = [...new Set(sheet.header.filter(Boolean))];
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
            // Another sheet has another header: its detected column, and no copies until chosen.
            if (next) onChoose(sheetChoice(choice.spreadsheet, next));
          }}
          w={240}
        />
      )}
      <Select
        label="Email column"
        placeholder="Choose the column of addresses"
        data={columns}
        value={choice.emailColumn}
        allowDeselect={false}
        onChange={(emailColumn) => emailColumn && onChoose({ ...choice, emailColumn })}
        w={280}
      />
      <Select
        label="Cc column"
        description={`Up to ${COPY_ADDRESSES_PER_CELL} addresses a row get a copy`}
        placeholder="None"
        data={columns}
        value={choice.ccColumn}
        clearable
        onChange={(ccColumn) => onChoose({ ...choice, ccColumn })}
        w={220}
      />
      <Select
        label="Bcc column"
        description={`Up to ${COPY_ADDRESSES_PER_CELL} addresses a row get a blind copy`}
        placeholder="None"
        data={columns}
        value={choice.bccColumn}
        clearable
        onChange={(bccColumn) => onChoose({ ...choice, bccColumn })}
        w={220}
      />
    </Group>
  );
}

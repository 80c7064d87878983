import { Badge, Table, Text } from '@mantine/core';
import type { SheetRecipients } from '../api/get-sheet-recipients';

/** The sheet's first rows as the file shows them, the email column marked. */
export function RecipientsPreviewTable({ recipients }: { recipients: SheetRecipients }) {
  const { header, emailColumn, preview } = recipients;
  if (preview.length === 0) return <Text c="dimmed">This sheet has no rows under its header.</Text>;
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped withTableBorder>
        <Table.Caption>The first {preview.length} rows of the sheet</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Row</Table.Th>
            {header.map((column, index) => (
              <Table.Th key={`${index}-${column}`} scope="col">
                {column}
                {column === emailColumn && (
                  <Badge size="xs" variant="light" ml={6}>
                    addresses
                  </Badge>
                )}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.map((row) => (
            <Table.Tr key={row.rowNumber}>
              <Table.Td>{row.rowNumber}</Table.Td>
              {header.map((column, index) => (
                <Table.Td key={`${index}-${column}`}>{row.cells[index] ?? ''}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import { Table, Text, Title } from '@mantine/core';
import type { SheetRecipients } from '../api/get-sheet-recipients';
import { formatRecipientCount } from '../composer-draft';
import { SKIP_REASONS } from './skipped-rows';

const COLUMN_NAMES = { CC: 'Cc', BCC: 'Bcc' } as const;

/** The Cc and Bcc addresses left out of rows that are sent, with the reason for each (the first 100). */
export function SkippedCopies({ recipients }: { recipients: SheetRecipients }) {
  const { skippedCopies, counts } = recipients;
  if (skippedCopies.length === 0) return null;
  const total = counts.copies.invalid + counts.copies.suppressed;
  return (
    <section aria-labelledby="skipped-copies-title">
      <Title order={3} size="h5" id="skipped-copies-title" mb="xs">
        Cc and Bcc addresses left out ({formatRecipientCount(total)})
      </Title>
      <Table withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Row</Table.Th>
            <Table.Th scope="col">Column</Table.Th>
            <Table.Th scope="col">Address</Table.Th>
            <Table.Th scope="col">Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {skippedCopies.map((copy, index) => (
            <Table.Tr key={`${copy.rowNumber}-${index}`}>
              <Table.Td>{copy.rowNumber}</Table.Td>
              <Table.Td>{COLUMN_NAMES[copy.column]}</Table.Td>
              <Table.Td>{copy.email}</Table.Td>
              <Table.Td>{SKIP_REASONS[copy.reason]}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {total > skippedCopies.length && (
        <Text size="sm" c="dimmed" mt="xs">
          The first {formatRecipientCount(skippedCopies.length)} of {formatRecipientCount(total)} addresses
          left out.
        </Text>
      )}
    </section>
  );
}

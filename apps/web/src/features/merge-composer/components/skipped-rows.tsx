import { Table, Text, Title } from '@mantine/core';
import { COPY_ADDRESSES_PER_CELL } from '@mergeboard/core';
import type { SheetRecipients } from '../api/get-sheet-recipients';
import { formatRecipientCount } from '../composer-draft';

type SkipReason = SheetRecipients['skipped'][number]['reason'];

export const SKIP_REASONS: Record<SkipReason, string> = {
  INVALID: 'Not a valid email address',
  DUPLICATE: 'Duplicate of an earlier row',
  SUPPRESSED: 'Unsubscribed or bounced',
  TOO_MANY_COPIES: `More than ${COPY_ADDRESSES_PER_CELL} addresses in its Cc or Bcc cell`,
};

/** The rows that will not be sent to, with the reason for each (the server lists the first 100). */
export function SkippedRows({ recipients }: { recipients: SheetRecipients }) {
  const { skipped, counts } = recipients;
  if (skipped.length === 0) return null;
  const total = counts.invalid + counts.duplicate + counts.suppressed;
  return (
    <section aria-labelledby="skipped-rows-title">
      <Title order={3} size="h5" id="skipped-rows-title" mb="xs">
        Skipped rows ({formatRecipientCount(total)})
      </Title>
      <Table withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Row</Table.Th>
            <Table.Th scope="col">Address</Table.Th>
            <Table.Th scope="col">Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {skipped.map((row) => (
            <Table.Tr key={row.rowNumber}>
              <Table.Td>{row.rowNumber}</Table.Td>
              <Table.Td>
                {row.email || (
                  <Text span c="dimmed">
                    (empty)
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{SKIP_REASONS[row.reason]}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {total > skipped.length && (
        <Text size="sm" c="dimmed" mt="xs">
          The first {formatRecipientCount(skipped.length)} of {formatRecipientCount(total)} skipped rows.
        </Text>
      )}
    </section>
  );
}

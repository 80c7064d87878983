import { Paper, Table, Text } from '@mantine/core';
import type { BounceReason } from '@mergeboard/core';
import { numberFormat } from './rate-summary';

/** The commonest hard-bounce reasons of the last 30 days, as the receiving servers gave them. */
export function BounceReasons({ reasons }: { reasons: BounceReason[] }) {
  if (reasons.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        No hard bounces in the last 30 days.
      </Text>
    );
  }
  return (
    <Paper withBorder radius="md">
      <Table verticalSpacing="xs" aria-label="Top bounce reasons">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Reason</Table.Th>
            <Table.Th ta="right">Bounces</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {reasons.map((row) => (
            <Table.Tr key={row.reason}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Text size="sm" ff="monospace">
                  {row.reason}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{numberFormat.format(row.count)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

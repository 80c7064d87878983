import { Group, Paper, Table, Text } from '@mantine/core';
import {
  COMPLAINT_RATE_LINES,
  formatRate,
  HARD_BOUNCE_RATE_LINES,
  type DeliverabilityFigures,
  type DeliverabilitySender,
  type RateLines,
} from '@mergeboard/core';
import { SidewaysScroll } from '../../../ui/sideways-scroll';
import { BandBadge } from './band-badge';
import { numberFormat } from './rate-summary';

function RateCell({ rate, lines }: { rate: number | null; lines: RateLines | null }) {
  return (
    <Table.Td>
      <Group gap={6} wrap="nowrap">
        <Text size="sm">{formatRate(rate)}</Text>
        {lines && <BandBadge rate={rate} lines={lines} />}
      </Group>
    </Table.Td>
  );
}

function WindowCells({ figures }: { figures: DeliverabilityFigures }) {
  return (
    <>
      <Table.Td>{numberFormat.format(figures.sent)}</Table.Td>
      <RateCell rate={figures.hardBounceRate} lines={HARD_BOUNCE_RATE_LINES} />
      <RateCell rate={figures.complaintRate} lines={COMPLAINT_RATE_LINES} />
      <RateCell rate={figures.unsubscribeRate} lines={null} />
    </>
  );
}

const WINDOW_HEADERS = ['Sent', 'Hard bounces', 'Complaints', 'Unsubscribes'];

/** Every sender's rates over 7 and 30 days (owners and admins). */
export function SendersTable({ senders }: { senders: DeliverabilitySender[] }) {
  if (senders.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        No one has sent a merge in the last 30 days.
      </Text>
    );
  }
  return (
    <Paper withBorder radius="md">
      <SidewaysScroll label="Senders, scrolls sideways" minWidth={1080}>
        <Table verticalSpacing="sm" aria-label="Senders">
          <Table.Thead>
            <Table.Tr>
              <Table.Th rowSpan={2}>Sender</Table.Th>
              <Table.Th colSpan={4}>Last 7 days</Table.Th>
              <Table.Th colSpan={4}>Last 30 days</Table.Th>
            </Table.Tr>
            <Table.Tr>
              {[...WINDOW_HEADERS, ...WINDOW_HEADERS].map((header, i) => (
                <Table.Th key={i}>{header}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {senders.map((sender) => (
              <Table.Tr key={sender.userId}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {sender.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {sender.email}
                  </Text>
                </Table.Td>
                <WindowCells figures={sender.last7Days} />
                <WindowCells figures={sender.last30Days} />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </SidewaysScroll>
    </Paper>
  );
}

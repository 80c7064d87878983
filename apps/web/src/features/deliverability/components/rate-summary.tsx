import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  COMPLAINT_RATE_LINES,
  formatRate,
  HARD_BOUNCE_RATE_LINES,
  type DeliverabilityFigures,
  type RateLines,
} from '@mergeboard/core';
import { BandBadge } from './band-badge';

export const numberFormat = new Intl.NumberFormat('en-US');

/** The lines of a rate in words, e.g. 'Good under 2 %, dangerous from 5 %'. */
export function linesInWords(lines: RateLines): string {
  return `Good under ${formatRate(lines.warning)}, ${lines.badLabel.toLowerCase()} from ${formatRate(lines.bad)}`;
}

function RateRow({
  label,
  count,
  sent,
  rate,
  lines,
}: {
  label: string;
  count: number;
  sent: number;
  rate: number | null;
  lines: RateLines | null;
}) {
  return (
    <Stack gap={2}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        {lines && <BandBadge rate={rate} lines={lines} />}
      </Group>
      <Text fz={24} fw={700}>
        {formatRate(rate)}
      </Text>
      <Text size="xs" c="dimmed">
        {`${numberFormat.format(count)} of ${numberFormat.format(sent)} sent · `}
        {lines ? linesInWords(lines) : 'No provider publishes a line for unsubscribes'}
      </Text>
    </Stack>
  );
}

/** One window's rates (7 or 30 days) against the providers' lines. */
function WindowCard({ title, figures }: { title: string; figures: DeliverabilityFigures }) {
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5">
            {title}
          </Title>
          <Text size="sm" c="dimmed">{`${numberFormat.format(figures.sent)} sent`}</Text>
        </Group>
        {figures.sent === 0 ? (
          <Text size="sm" c="dimmed">
            No messages were sent in these days.
          </Text>
        ) : (
          <>
            <RateRow
              label="Hard bounces"
              count={figures.hardBounced}
              sent={figures.sent}
              rate={figures.hardBounceRate}
              lines={HARD_BOUNCE_RATE_LINES}
            />
            <RateRow
              label="Spam complaints"
              count={figures.complained}
              sent={figures.sent}
              rate={figures.complaintRate}
              lines={COMPLAINT_RATE_LINES}
            />
            <RateRow
              label="Unsubscribes"
              count={figures.unsubscribed}
              sent={figures.sent}
              rate={figures.unsubscribeRate}
              lines={null}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}

export function RateSummary({
  totals,
}: {
  totals: { last7Days: DeliverabilityFigures; last30Days: DeliverabilityFigures };
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <WindowCard title="Last 7 days" figures={totals.last7Days} />
      <WindowCard title="Last 30 days" figures={totals.last30Days} />
    </SimpleGrid>
  );
}

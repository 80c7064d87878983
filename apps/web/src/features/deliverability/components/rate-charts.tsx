import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import {
  COMPLAINT_RATE_LINES,
  HARD_BOUNCE_RATE_LINES,
  type DeliverabilityDay,
  type RateLines,
} from '@mergeboard/core';
import { linesInWords } from './rate-summary';

const percent = (rate: number) => Number((rate * 100).toFixed(3));
const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * One rate per day (days without a message have none, and the line joins over them), with the
 * providers' lines drawn across. The axis runs to twice the upper line whatever the days hold: a
 * day of five messages with one bounce (20 %) would otherwise squash both lines onto the floor;
 * such a day leaves the top of the chart, and the figures above say how far.
 */
function DailyRateChart({
  title,
  daily,
  rateOf,
  lines,
  color,
}: {
  title: string;
  daily: DeliverabilityDay[];
  rateOf: (day: DeliverabilityDay) => number | null;
  lines: RateLines;
  color: string;
}) {
  const data = daily.map((day) => {
    const rate = rateOf(day);
    return {
      day: dayLabel.format(new Date(`${day.day}T00:00:00Z`)),
      rate: rate === null ? null : percent(rate),
    };
  });
  return (
    <Paper withBorder radius="md" p="md" component="figure" m={0} aria-label={title}>
      <Title order={3} size="h5" mb={4}>
        {title}
      </Title>
      <Text size="xs" c="dimmed" mb="sm" component="figcaption">
        {`By the day messages were sent, in % · ${linesInWords(lines)}`}
      </Text>
      <LineChart
        h={220}
        data={data}
        dataKey="day"
        series={[{ name: 'rate', label: title, color }]}
        unit=" %"
        connectNulls
        // A day between days without messages has no neighbour to draw a line to: its dot shows it.
        dotProps={{ r: 2 }}
        curveType="linear"
        yAxisProps={{
          domain: [0, percent(lines.bad) * 2],
          ticks: [0, percent(lines.warning), percent(lines.bad), percent(lines.bad) * 2],
          allowDataOverflow: true,
          width: 60,
        }}
        xAxisProps={{ minTickGap: 24 }}
        referenceLines={[
          {
            y: percent(lines.warning),
            label: `Warning ${percent(lines.warning)} %`,
            color: 'orange.9',
            labelPosition: 'insideBottomLeft',
          },
          {
            y: percent(lines.bad),
            label: `${lines.badLabel} ${percent(lines.bad)} %`,
            color: 'red.9',
            labelPosition: 'insideTopLeft',
          },
        ]}
      />
    </Paper>
  );
}

/** The daily hard-bounce and complaint rates of the last 30 days. */
export function RateCharts({ daily }: { daily: DeliverabilityDay[] }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <DailyRateChart
        title="Hard-bounce rate"
        daily={daily}
        rateOf={(day) => day.hardBounceRate}
        lines={HARD_BOUNCE_RATE_LINES}
        color="indigo.7"
      />
      <DailyRateChart
        title="Complaint rate"
        daily={daily}
        rateOf={(day) => day.complaintRate}
        lines={COMPLAINT_RATE_LINES}
        color="grape.8"
      />
    </SimpleGrid>
  );
}

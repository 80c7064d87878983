import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { formatCount } from '@mergeboard/core';

export interface FunnelStep {
  label: string;
  count: number | null;
}

const WIDTH = 360;
const ROW_HEIGHT = 32;
const LABEL_WIDTH = 80;
const VALUE_WIDTH = 56;

/**
 * Sent → Delivered → Opened → Clicked as horizontal bars (visx: SVG, so the bars scale with the
 * dialog and read out as one image). Its text alternative names every step and count; the rates
 * table beside it holds the same numbers. Loaded with the dialog only.
 */
export default function CampaignFunnel({ steps }: { steps: readonly FunnelStep[] }) {
  const height = ROW_HEIGHT * steps.length;
  const barsWidth = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  const y = scaleBand({ domain: steps.map((step) => step.label), range: [0, height], padding: 0.25 });
  const x = scaleLinear({
    domain: [0, Math.max(1, ...steps.map((step) => step.count ?? 0))],
    range: [0, barsWidth],
  });
  const summary = steps.map((step) => `${step.label} ${formatCount(step.count)}`).join(', ');
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${height}`}
      width="100%"
      role="img"
      aria-labelledby="campaign-funnel-title"
      style={{ maxWidth: WIDTH, display: 'block' }}
    >
      <title id="campaign-funnel-title">{`Funnel: ${summary}`}</title>
      {steps.map((step) => {
        const top = y(step.label) ?? 0;
        const width = x(step.count ?? 0);
        const middle = top + y.bandwidth() / 2;
        return (
          <Group key={step.label} aria-hidden>
            <text x={0} y={middle} dominantBaseline="middle" fontSize={14} fill="var(--mantine-color-text)">
              {step.label}
            </text>
            <Bar
              x={LABEL_WIDTH}
              y={top}
              width={Math.max(width, 1)}
              height={y.bandwidth()}
              rx={3}
              fill="var(--mantine-color-blue-6)"
            />
            <text
              x={LABEL_WIDTH + width + 6}
              y={middle}
              dominantBaseline="middle"
              fontSize={14}
              fill="var(--mantine-color-text)"
            >
              {formatCount(step.count)}
            </text>
          </Group>
        );
      })}
    </svg>
  );
}

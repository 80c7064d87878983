import { Badge } from '@mantine/core';
import { bandLabel, bandOf, type DeliverabilityBand, type RateLines } from '@mergeboard/core';

/** Dark enough for white words (good, bad) or light enough for black ones (warning): AA either way. */
const BAND_COLOURS: Record<DeliverabilityBand, string> = {
  good: '#1e7b34',
  warning: '#ffd43b',
  bad: '#c92a2a',
};

/** A rate's band in words on its colour, so the colour never carries it alone. */
export function BandBadge({ rate, lines }: { rate: number | null; lines: RateLines }) {
  const band = bandOf(rate, lines);
  if (!band) return null;
  return (
    <Badge
      variant="filled"
      color={BAND_COLOURS[band]}
      autoContrast
      data-band={band}
      style={{ flexShrink: 0 }}
    >
      {bandLabel(band, lines)}
    </Badge>
  );
}

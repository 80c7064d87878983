/** Tracking counts of a sent campaign; a missing count is unknown, not zero. */
interface TrackingInfos {
  sent?: number | null;
  opened?: number | null;
  clicked?: number | null;
  bounced?: number | null;
  responded?: number | null;
  unsubscribed?: number | null;
  complained?: number | null;
}

export interface Rate {
  count: number | null;
  /** Rounded whole percent; null when it cannot be computed. */
  percent: number | null;
}

const known = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

function rate(count: number | null | undefined, base: number | null): Rate {
  if (!known(count)) return { count: null, percent: null };
  return { count, percent: base && base > 0 ? Math.round((count / base) * 100) : null };
}

/**
 * MM-022 MM-023 MM-024 MM-025: delivered = sent − bounced; opened, clicked, responded and unsubscribed are
 * relative to delivered, bounced and delivered to sent; percentages are rounded.
 */
export function campaignRates(t: TrackingInfos) {
  const sent = known(t.sent) ? t.sent : null;
  const delivered = sent !== null && known(t.bounced) ? sent - t.bounced : null;
  return {
    sent: { count: sent, percent: null } as Rate,
    delivered: rate(delivered, sent),
    bounced: rate(t.bounced, sent),
    opened: rate(t.opened, delivered),
    clicked: rate(t.clicked, delivered),
    responded: rate(t.responded, delivered),
    unsubscribed: rate(t.unsubscribed, delivered),
    // Ours (the spec has no complaints): like unsubscribed, of the messages that arrived.
    complained: rate(t.complained, delivered),
  };
}

const germanNumber = new Intl.NumberFormat('de-DE');

/** MM-026 MM-027: German number format; a missing count shows N/A. */
export function formatCount(count: number | null | undefined): string {
  return known(count) ? germanNumber.format(count) : 'N/A';
}

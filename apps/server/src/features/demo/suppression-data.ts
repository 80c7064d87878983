import type { BounceKind, SuppressionType } from '@mergeboard/core';
import type { bounces, unsubscriptions } from '../../db/schema';
import { DAY, HOUR, distinctAddresses } from './address-book';
import type { SuppressionSource } from './campaign-data';
import type { Random } from './random';

export const DEMO_UNSUBSCRIPTION_COUNT = 500;
export const DEMO_BOUNCE_COUNT = 200;
const HISTORY_DAYS = 425;

interface Entry {
  email: string;
  type: SuppressionType;
  createdByUserId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * `count` entries, one per address: first the addresses that unsubscribed or bounced in the demo
 * campaigns (added for the sender), then addresses added by hand, mostly for the whole space.
 */
function buildEntries(options: {
  random: Random;
  now: Date;
  count: number;
  fromCampaigns: readonly SuppressionSource[];
  managers: readonly string[];
}): Entry[] {
  const { random, now, count, fromCampaigns, managers } = options;
  const entries = new Map<string, Entry>();
  for (const source of fromCampaigns) {
    if (entries.size >= count) break;
    if (entries.has(source.email)) continue;
    entries.set(source.email, {
      email: source.email,
      type: 'USER',
      createdByUserId: source.userId,
      createdAt: source.at,
      updatedAt: source.at,
    });
  }
  for (const email of distinctAddresses(random, count - entries.size, new Set(entries.keys()))) {
    const createdAt = new Date(now.getTime() - random.between(0.1, HISTORY_DAYS) * DAY);
    // Some addresses were added again later, which refreshes the entry.
    const updatedAt = random.chance(0.1)
      ? new Date(Math.min(now.getTime(), createdAt.getTime() + random.int(1, 2000) * HOUR))
      : createdAt;
    const type: SuppressionType = random.chance(0.7) ? 'WORKSPACE' : 'USER';
    entries.set(email, { email, type, createdByUserId: random.pick(managers), createdAt, updatedAt });
  }
  return [...entries.values()];
}

export function buildSuppressions(options: {
  random: Random;
  now: Date;
  workspaceId: string;
  unsubscribed: readonly SuppressionSource[];
  bounced: readonly SuppressionSource[];
  /** Users who add addresses by hand. */
  managers: readonly string[];
}): {
  unsubscriptions: (typeof unsubscriptions.$inferInsert)[];
  bounces: (typeof bounces.$inferInsert)[];
} {
  const { random, now, workspaceId, managers } = options;
  const unsubscribed = buildEntries({
    random,
    now,
    count: DEMO_UNSUBSCRIPTION_COUNT,
    fromCampaigns: options.unsubscribed,
    managers,
  });
  const bounced = buildEntries({
    random,
    now,
    count: DEMO_BOUNCE_COUNT,
    fromCampaigns: options.bounced,
    managers,
  });
  return {
    unsubscriptions: unsubscribed.map((entry) => ({ workspaceId, ...entry })),
    bounces: bounced.map((entry) => {
      // Most bounces are permanent; a soft bounce is a full mailbox or a server hiccup.
      const kind: BounceKind = random.chance(0.75) ? 'HARD' : 'SOFT';
      return { workspaceId, kind, ...entry };
    }),
  };
}

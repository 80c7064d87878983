import type { BounceKind, SuppressionType } from '@mergeboard/core';
import type { bounces, unsubscriptions } from '../../db/schema';
import { DAY, HOUR, distinctAddresses } from './address-book';
import type { SuppressionSource } from './campaign-data';
import type { Random } from './random';

const DEMO_UNSUBSCRIPTION_COUNT = 500;
const DEMO_BOUNCE_COUNT = 200;
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

/** Entries one person added to a list of a space that shares its lists, all of one type. */
interface SuppressionGroup {
  type: SuppressionType;
  createdByUserId: string;
  /** Entries per list: the group's campaign addresses first, then addresses added by hand up to this. */
  unsubscriptions: number;
  bounces: number;
  unsubscribed: readonly SuppressionSource[];
  bounced: readonly SuppressionSource[];
  /** Addresses added by hand date from the last `sinceDays` days (after the person joined). */
  sinceDays: number;
}

/**
 * The lists of a space that shares them (Acme Europe), group by group, each address listed once
 * per list. Unlike buildSuppressions, every entry's type and author is the group's, so the shared
 * (WORKSPACE) part and each member's own (USER) part have the sizes asked for (or more, when the
 * group's merges left more addresses).
 */
export function buildGroupedSuppressions(options: {
  random: Random;
  now: Date;
  workspaceId: string;
  groups: readonly SuppressionGroup[];
}): {
  unsubscriptions: (typeof unsubscriptions.$inferInsert)[];
  bounces: (typeof bounces.$inferInsert)[];
} {
  const { random, now, workspaceId, groups } = options;
  const listOf = (
    countOf: (group: SuppressionGroup) => number,
    sourcesOf: (group: SuppressionGroup) => readonly SuppressionSource[],
  ) => {
    const taken = new Set<string>();
    return groups.flatMap((group) => {
      const entries: Entry[] = [];
      const add = (email: string, createdAt: Date) => {
        taken.add(email);
        entries.push({
          email,
          type: group.type,
          createdByUserId: group.createdByUserId,
          createdAt,
          updatedAt: createdAt,
        });
      };
      for (const source of sourcesOf(group)) {
        if (!taken.has(source.email)) add(source.email, source.at);
      }
      const byHand = Math.max(0, countOf(group) - entries.length);
      for (const email of distinctAddresses(random, byHand, taken)) {
        add(email, new Date(now.getTime() - random.between(0.1, group.sinceDays) * DAY));
      }
      return entries;
    });
  };
  const unsubscribed = listOf(
    (group) => group.unsubscriptions,
    (group) => group.unsubscribed,
  );
  const bounced = listOf(
    (group) => group.bounces,
    (group) => group.bounced,
  );
  return {
    unsubscriptions: unsubscribed.map((entry) => ({ workspaceId, ...entry })),
    bounces: bounced.map((entry) => {
      const kind: BounceKind = random.chance(0.75) ? 'HARD' : 'SOFT';
      return { workspaceId, kind, ...entry };
    }),
  };
}

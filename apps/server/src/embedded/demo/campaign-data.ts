import type { CampaignRecipientStatus } from '@mergeboard/core';
import type { campaignRecipients, campaigns, pollAnswers } from '../../db/schema';
import { DEMO_ACCOUNTS } from './accounts';
import { DAY, HOUR, MINUTE, distinctAddresses } from './address-book';
import type { Random } from './random';
import type { DemoMember } from './spaces';

type NewCampaign = typeof campaigns.$inferInsert;
type NewRecipient = typeof campaignRecipients.$inferInsert;

const DEMO_CAMPAIGN_COUNT = 60;
const HISTORY_DAYS = 425; // about 14 months

const SPREADSHEETS = [
  'Q1 Outbound Prospects',
  'Q2 Outbound Prospects',
  'Q3 Outbound Prospects',
  'Q4 Outbound Prospects',
  'Customer Renewals',
  'Trade Show Leads',
  'Webinar Attendees',
  'Partner Newsletter',
  'Product Launch Invites',
  'Win-back Inactive Accounts',
  'Enterprise Pipeline',
  'Onboarding Check-ins',
] as const;

const SHEETS = [
  'Sheet1',
  'Leads',
  'EMEA',
  'North America',
  'APAC',
  'Follow-up',
  'Contacts',
  'Batch 2',
] as const;

const SUBJECTS = [
  'Quick question about {{Company}}',
  'Following up on our call, {{First name}}',
  'Your renewal options for next year',
  'Great meeting you at the show!',
  '{{First name}}, your webinar recording is ready',
  'What’s new at Acme this month',
  'You’re invited: the Acme Spring launch',
  'Is now a bad time, {{First name}}?',
  'Can we find 15 minutes next week?',
  'A proposal for {{Company}}',
  'Welcome to Acme, {{First name}}!',
  'How is everything going with your account?',
  'Last chance to lock in this year’s pricing',
  'Case study: how teams like {{Company}} save 5 hours a week',
] as const;

/** Campaigns (by position, most recent first) that send form submission notifications. */
const FORM_NOTIFICATIONS = new Set([3, 11, 24, 38, 52, 58]);

const POLLS: readonly { position: number; subject: string; answers: readonly string[] }[] = [
  {
    position: 7,
    subject: 'Would you join a live demo?',
    answers: ['Yes, definitely', 'Maybe later', 'No, thanks'],
  },
  { position: 21, subject: 'How satisfied are you with Acme?', answers: ['Very', 'Somewhat', 'Not really'] },
  {
    position: 40,
    subject: 'Which kickoff slot suits you?',
    answers: ['Tuesday 10am', 'Wednesday 2pm', 'Thursday 4pm'],
  },
  {
    position: 55,
    subject: 'How should we keep in touch?',
    answers: ['Webinars', 'Events', 'Newsletter only'],
  },
];

/** An address that left a campaign's audience, for the suppression lists. */
export interface SuppressionSource {
  email: string;
  at: Date;
  userId: string;
}

export interface DemoCampaigns {
  campaigns: NewCampaign[];
  recipients: NewRecipient[];
  pollAnswers: (typeof pollAnswers.$inferInsert)[];
  unsubscribed: SuppressionSource[];
  bounced: SuppressionSource[];
}

type TrackedTime = 'sentAt' | 'openedAt' | 'clickedAt' | 'bouncedAt' | 'respondedAt' | 'unsubscribedAt';

interface Rates {
  bounce: number;
  open: number;
  click: number;
  respond: number;
  unsubscribe: number;
}

/** The demo's merges read Google Sheets: the page 'Open in Google Sheets' opens. */
export const spreadsheetLink = (spreadsheetId: string, sheetId: string) =>
  `https://docs.google.com/spreadsheets/d/${spreadsheetId}/edit#gid=${sheetId}`;

/**
 * Sent mail merges spread over the last 14 months (or `historyDays`), newest first, with
 * per-recipient tracking: DEMO_CAMPAIGN_COUNT of them unless `count` says otherwise.
 */
export function buildCampaigns(options: {
  random: Random;
  now: Date;
  workspaceId: string;
  senders: readonly DemoMember[];
  count?: number;
  historyDays?: number;
}): DemoCampaigns {
  const { random, now, workspaceId, senders } = options;
  const campaignCount = options.count ?? DEMO_CAMPAIGN_COUNT;
  const result: DemoCampaigns = {
    campaigns: [],
    recipients: [],
    pollAnswers: [],
    unsubscribed: [],
    bounced: [],
  };
  const slotDays = (options.historyDays ?? HISTORY_DAYS) / campaignCount;

  for (let index = 0; index < campaignCount; index += 1) {
    const day = new Date(now.getTime() - (index + random.next()) * slotDays * DAY);
    day.setUTCHours(random.int(8, 17), random.int(0, 59), 0, 0);
    const start = new Date(Math.min(day.getTime(), now.getTime() - 2 * HOUR));
    const sender = pickSender(random, senders, start);
    const isFormNotification = FORM_NOTIFICATIONS.has(index);
    const poll = POLLS.find((candidate) => candidate.position === index);
    const spreadsheetName = isFormNotification ? 'Demo Requests (Responses)' : random.pick(SPREADSHEETS);
    const sheetName = isFormNotification ? 'Form Responses 1' : random.pick(SHEETS);
    const spreadsheetId = random.token(44);
    const sheetId = sheetName === 'Sheet1' ? '0' : String(random.int(100_000_000, 2_000_000_000));
    const rates: Rates = {
      bounce: random.between(0.005, 0.025),
      open: random.between(0.35, 0.7),
      click: random.between(0.1, 0.4),
      respond: random.between(0.03, 0.12),
      unsubscribe: random.between(0.005, 0.03),
    };
    const count = isFormNotification ? random.int(20, 60) : random.int(20, 300);
    // A form notification goes out each time someone answers the form, over weeks.
    const spreadMs = isFormNotification ? Math.min(20 * DAY, now.getTime() - start.getTime()) : 0;

    const campaignId = random.uuid();
    let sendClock = start.getTime();
    // The sheet's rows in order, as the merge engine numbers them (the recipients list's default order).
    const recipients = distinctAddresses(random, count).map((email, index) => {
      sendClock += random.int(2, 6) * 1000;
      const sentAt = new Date(isFormNotification ? start.getTime() + random.next() * spreadMs : sendClock);
      return { ...trackRecipient(random, now, campaignId, email, sentAt, rates), rowNumber: index + 1 };
    });
    result.recipients.push(...recipients);
    for (const recipient of recipients) {
      const left = { email: recipient.email, userId: sender.userId };
      if (recipient.bouncedAt) result.bounced.push({ ...left, at: recipient.bouncedAt });
      if (recipient.unsubscribedAt) result.unsubscribed.push({ ...left, at: recipient.unsubscribedAt });
    }
    const timesOf = (key: TrackedTime) => recipients.flatMap((recipient) => recipient[key]?.getTime() ?? []);
    const sentTimes = timesOf('sentAt');
    const tracked = {
      opened: timesOf('openedAt'),
      clicked: timesOf('clickedAt'),
      bounced: timesOf('bouncedAt'),
      responded: timesOf('respondedAt'),
      unsubscribed: timesOf('unsubscribedAt'),
    };
    const lastSent = Math.max(...sentTimes);

    result.campaigns.push({
      id: campaignId,
      workspaceId,
      userId: sender.userId,
      title: `${spreadsheetName} - ${sheetName}`,
      spreadsheetId,
      spreadsheetName,
      sheetId,
      sheetName,
      mergeSourceSheetKey: `${spreadsheetId}-${sheetId}`,
      spreadsheetLink: spreadsheetLink(spreadsheetId, sheetId),
      emailSubject:
        poll?.subject ??
        (isFormNotification ? 'Thanks for requesting a demo, {{First name}}' : random.pick(SUBJECTS)),
      isFormNotification,
      createdAt: new Date(Math.min(...sentTimes)),
      updatedAt: new Date(Math.max(lastSent, ...Object.values(tracked).flat())),
      lastEmailSentAt: new Date(lastSent),
      sentCount: sentTimes.length,
      openedCount: tracked.opened.length,
      clickedCount: tracked.clicked.length,
      bouncedCount: tracked.bounced.length,
      respondedCount: tracked.responded.length,
      unsubscribedCount: tracked.unsubscribed.length,
    });

    if (poll) {
      // Some of the openers answered the poll.
      let left = Math.round(tracked.opened.length * random.between(0.3, 0.6));
      poll.answers.forEach((answer, position) => {
        const last = position === poll.answers.length - 1;
        const count = last ? left : Math.round(left * random.between(0.3, 0.6));
        left -= count;
        result.pollAnswers.push({ campaignId, answer, count });
      });
    }
  }
  return result;
}

const BUSY_SENDERS: ReadonlySet<string> = new Set([
  DEMO_ACCOUNTS.acmeOwner,
  DEMO_ACCOUNTS.acmeAdmin,
  DEMO_ACCOUNTS.acmeMember,
]);

/** Among those who had joined by then, mostly the demo sign-ins so each of them has a history. */
function pickSender(random: Random, senders: readonly DemoMember[], at: Date): DemoMember {
  const eligible = senders.filter((sender) => sender.joinedAt < at);
  const pool = eligible.length > 0 ? eligible : senders.slice(0, 1);
  const weighted = pool.flatMap((sender) =>
    BUSY_SENDERS.has(sender.person.email) ? [sender, sender, sender] : [sender],
  );
  return random.pick(weighted);
}

/** One recipient's path through a campaign; nothing may happen after `now`. */
function trackRecipient(
  random: Random,
  now: Date,
  campaignId: string,
  email: string,
  sentAt: Date,
  rates: Rates,
): NewRecipient {
  const until = (base: Date | null, delayMs: number): Date | null => {
    if (!base) return null;
    const time = base.getTime() + delayMs;
    return time <= now.getTime() ? new Date(time) : null;
  };
  const recipient: NewRecipient = { campaignId, email, sentAt, status: 'SENT' };
  if (random.chance(rates.bounce)) {
    recipient.bouncedAt = until(sentAt, random.int(1, 20) * MINUTE);
  } else if (random.chance(rates.open)) {
    // Most opens come within hours, a few days later.
    const openedAt = until(sentAt, random.next() ** 3 * 72 * HOUR + random.int(1, 30) * MINUTE);
    recipient.openedAt = openedAt;
    if (random.chance(rates.click)) recipient.clickedAt = until(openedAt, random.int(1, 30) * MINUTE);
    if (random.chance(rates.respond)) recipient.respondedAt = until(openedAt, random.between(0.2, 30) * HOUR);
    if (random.chance(rates.unsubscribe))
      recipient.unsubscribedAt = until(openedAt, random.int(1, 10) * MINUTE);
  }
  recipient.status = furthestStatus(recipient);
  return recipient;
}

function furthestStatus(recipient: NewRecipient): CampaignRecipientStatus {
  if (recipient.bouncedAt) return 'BOUNCED';
  if (recipient.unsubscribedAt) return 'UNSUBSCRIBED';
  if (recipient.respondedAt) return 'RESPONDED';
  if (recipient.clickedAt) return 'CLICKED';
  if (recipient.openedAt) return 'OPENED';
  return 'SENT';
}

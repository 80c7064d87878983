import { describe, expect, it } from 'vitest';
import { campaignRates, formatCount } from './campaign-rates';
import { dateRangeBounds } from './date-range';
import type { ScheduledMergeStatus } from '../constants/domain';
import {
  isSendingNow,
  isWaitingForQuota,
  nextDelivery,
  scheduledMergeRecovery,
  splitSheetKey,
} from './scheduled-merge-rules';

describe('mail merge rules', () => {
  it('MM-022 MM-023 MM-024 MM-025 computes delivered and the rates, rounded', () => {
    const r = campaignRates({
      sent: 200,
      bounced: 10,
      opened: 95,
      clicked: 19,
      responded: 3,
      unsubscribed: 1,
      complained: 4,
    });
    expect(r.delivered).toEqual({ count: 190, percent: 95 });
    expect(r.bounced).toEqual({ count: 10, percent: 5 });
    expect(r.opened).toEqual({ count: 95, percent: 50 });
    expect(r.clicked).toEqual({ count: 19, percent: 10 });
    expect(r.responded).toEqual({ count: 3, percent: 2 });
    expect(r.unsubscribed).toEqual({ count: 1, percent: 1 });
    // Ours: spam complaints, like unsubscriptions, of the messages delivered.
    expect(r.complained).toEqual({ count: 4, percent: 2 });
  });

  it('MM-027 leaves unknown counts unknown, and percentages without a base empty', () => {
    const r = campaignRates({ sent: 0, bounced: 0, opened: null });
    expect(r.opened).toEqual({ count: null, percent: null });
    expect(r.delivered).toEqual({ count: 0, percent: null });
    expect(formatCount(null)).toBe('N/A');
  });

  it('MM-026 formats numbers the German way', () => {
    expect(formatCount(1234567)).toBe('1.234.567');
  });

  it('CONST-007 turns each date filter into an interval', () => {
    const now = new Date('2026-03-15T10:00:00Z');
    expect(dateRangeBounds('LAST_MONTH', now)).toEqual({
      from: new Date('2026-02-01T00:00:00Z'),
      to: new Date('2026-03-01T00:00:00Z'),
    });
    expect(dateRangeBounds('THIS_MONTH', now).from).toEqual(new Date('2026-03-01T00:00:00Z'));
    expect(dateRangeBounds('THIS_YEAR', now).from).toEqual(new Date('2026-01-01T00:00:00Z'));
    expect(dateRangeBounds('LAST_30_DAYS', now).from).toEqual(new Date('2026-02-13T10:00:00Z'));
    expect(dateRangeBounds('LAST_12_MONTHS', now).from).toEqual(new Date('2025-03-15T10:00:00Z'));
  });

  it('MM-031 MM-032 is recoverable with a last retry and fewer than 5 retries; next attempt one hour later', () => {
    const last = Date.parse('2026-03-15T10:00:00Z');
    expect(
      scheduledMergeRecovery({ recoverableErrorRetries: 4, recoverableErrorLastRetryTimestamp: last }),
    ).toEqual({
      recoverable: true,
      nextAttempt: last + 3_600_000,
    });
    expect(
      scheduledMergeRecovery({ recoverableErrorRetries: 5, recoverableErrorLastRetryTimestamp: last })
        .recoverable,
    ).toBe(false);
    expect(
      scheduledMergeRecovery({ recoverableErrorRetries: 0, recoverableErrorLastRetryTimestamp: null })
        .recoverable,
    ).toBe(false);
  });

  it('MM-028 IN PROGRESS without a next run waits for the quota', () => {
    expect(isWaitingForQuota({ status: 'IN PROGRESS', mergeTime: null })).toBe(true);
    expect(isWaitingForQuota({ status: 'IN PROGRESS', mergeTime: 1 })).toBe(false);
  });

  it('MM-028 IN PROGRESS with a next run is being sent; waiting for the quota or scheduled is not', () => {
    expect(isSendingNow({ status: 'IN PROGRESS', mergeTime: 1 })).toBe(true);
    expect(isSendingNow({ status: 'IN PROGRESS', mergeTime: null })).toBe(false);
    expect(isSendingNow({ status: 'SCHEDULED', mergeTime: 1 })).toBe(false);
    expect(isSendingNow({ status: 'UNKNOWN ERROR', mergeTime: 1 })).toBe(false);
  });

  it('MM-028 MM-031 MM-032 MM-036 the next delivery: the run, the quota reset, the next attempt, or none', () => {
    const at = Date.parse('2026-03-15T12:00:00Z');
    const last = Date.parse('2026-03-15T10:00:00Z');
    const merge = (
      status: ScheduledMergeStatus,
      mergeTime: number | null,
      retries = 0,
      lastRetry: number | null = null,
    ) =>
      nextDelivery({
        status,
        mergeTime,
        recoverableErrorRetries: retries,
        recoverableErrorLastRetryTimestamp: lastRetry,
      });
    expect(merge('SCHEDULED', at)).toEqual({ kind: 'at', timestamp: at });
    expect(merge('IN PROGRESS', at)).toEqual({ kind: 'at', timestamp: at });
    expect(merge('IN PROGRESS', null)).toEqual({ kind: 'quota-reset' });
    // Retried errors: one hour after the last retry while fewer than 5; then stopped.
    expect(merge('UNKNOWN ERROR', null, 2, last)).toEqual({ kind: 'at', timestamp: last + 3_600_000 });
    expect(merge('SHEET DELETED', null, 4, last)).toEqual({ kind: 'at', timestamp: last + 3_600_000 });
    expect(merge('NAMED RANGE DELETED', null, 5, last)).toEqual({ kind: 'none' });
    // Errors that are never retried have no delivery date, whatever their retry fields say.
    expect(merge('DRAFT NOT FOUND', null, 1, last)).toEqual({ kind: 'none' });
    expect(merge('TOO COMPLEX REGEXP', at)).toEqual({ kind: 'none' });
  });

  it('MM-017 splits a sheet key at its last dash', () => {
    expect(splitSheetKey('1AbC-d_ef-123')).toEqual({ spreadsheetId: '1AbC-d_ef', sheetId: '123' });
  });
});

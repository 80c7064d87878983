import { describe, expect, it } from 'vitest';
import { dailyQuotaOf } from '../members/member-rules';
import { dailyRecipientQuota, quotaDay, quotaResetsAt } from './daily-quota';

describe('the daily recipient quota', () => {
  it('CONST-015 CONST-016 CONST-017 follows the plan, a free user taking the server freeUserQuota', () => {
    expect(dailyRecipientQuota({ plan: 'FREE' })).toBe(20);
    expect(dailyRecipientQuota({ plan: 'FREE', freeUserQuota: 35 })).toBe(35);
    expect(dailyRecipientQuota({ plan: 'PRO_PERSONAL' })).toBe(400);
    expect(dailyRecipientQuota({ plan: 'PRO' })).toBe(1500);
  });

  it("MEM-021 is the Users page's 'Up to N' for every plan when the workspace conditions hold", () => {
    for (const plan of ['FREE', 'PRO', 'PRO_PERSONAL'] as const) {
      const workspace = { inTrial: false, hasActiveSubscription: true };
      expect(dailyRecipientQuota({ plan, freeUserQuota: 20, workspace })).toBe(dailyQuotaOf(plan, 20));
    }
  });

  it('gives a PRO sender 1,500 only under the workspace conditions of 001 §9, else 500', () => {
    const quota = (inTrial: boolean, hasActiveSubscription: boolean) =>
      dailyRecipientQuota({ plan: 'PRO', workspace: { inTrial, hasActiveSubscription } });
    expect(quota(false, true)).toBe(1500);
    expect(quota(true, true)).toBe(500);
    expect(quota(false, false)).toBe(500);
    expect(
      dailyRecipientQuota({
        plan: 'PRO_PERSONAL',
        workspace: { inTrial: true, hasActiveSubscription: false },
      }),
    ).toBe(400);
  });

  it('counts per UTC day and resets at the next midnight UTC', () => {
    const at = Date.UTC(2026, 10, 26, 23, 59, 59);
    expect(quotaDay(at)).toBe('2026-11-26');
    expect(quotaResetsAt(at)).toBe(Date.UTC(2026, 10, 27));
    expect(quotaResetsAt(Date.UTC(2026, 11, 31, 0, 0, 0))).toBe(Date.UTC(2027, 0, 1));
  });
});

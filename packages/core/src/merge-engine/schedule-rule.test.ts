import { describe, expect, it } from 'vitest';
import { FREE_SCHEDULE_REFUSAL, scheduleRefusal } from './schedule-rule';

describe('who may schedule a mail merge', () => {
  it('CONST-018 free users cannot schedule mail merges; paid users can', () => {
    expect(scheduleRefusal('FREE')).toBe(FREE_SCHEDULE_REFUSAL);
    expect(FREE_SCHEDULE_REFUSAL).toBe('Free users cannot schedule mail merges.');
    expect(scheduleRefusal('PRO')).toBeNull();
    expect(scheduleRefusal('PRO_PERSONAL')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { followUpStagesSchema } from './follow-up-stages';

const stage = (overrides: Record<string, unknown> = {}) => ({
  wait: { amount: 2, unit: 'days' },
  audience: 'NO_REPLY',
  message: 'Just checking you saw this.',
  ...overrides,
});
const errorsOf = (input: unknown) => {
  const result = followUpStagesSchema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('follow-up stages', () => {
  it('default to the same thread and take an optional window in the stage', () => {
    const [parsed] = followUpStagesSchema.parse([
      stage({ window: { start: '09:00', end: '17:00', days: ['MON', 'TUE'] } }),
    ]);
    expect(parsed).toEqual({
      wait: { amount: 2, unit: 'days', businessDaysOnly: false },
      audience: 'NO_REPLY',
      subjectMode: 'SAME_THREAD',
      message: 'Just checking you saw this.',
      window: { start: '09:00', end: '17:00', days: [1, 2] },
    });
  });

  it('are at most five', () => {
    expect(errorsOf(Array.from({ length: 5 }, () => stage()))).toEqual([]);
    expect(errorsOf(Array.from({ length: 6 }, () => stage()))).toEqual([
      ': A merge has at most 5 follow-up stages',
    ]);
  });

  it("refuse a bad wait, audience, window or message, naming the stage's field", () => {
    expect(
      errorsOf([
        stage({ wait: { amount: 0, unit: 'days' } }),
        stage({ audience: 'NO_BOUNCE' }),
        stage({ window: { start: '17:00', end: '09:00', days: [1] } }),
        stage({ message: '  ' }),
        stage({ subjectMode: 'NEW_SUBJECT' }),
      ]),
    ).toEqual([
      '0.wait.amount: The wait must be more than zero',
      "1.audience: The stage's audience must be one of NO_REPLY, NO_OPEN, NO_CLICK, EVERYONE",
      '2.window.end: The window must end after it starts',
      "3.message: The stage's message is empty",
      '4.subject: A stage with a new subject needs its subject',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { circuitBreakerTrip, policyRejectionCode } from './circuit-breaker';
import { isPausable, maySteerMerge } from './merge-pause-rules';

const counters = (sent: number, hardBounced = 0, complained = 0) => ({ sent, hardBounced, complained });
/** The counters with one new bounce, or complaint, just counted in them. */
const onBounce = (sent: number, hardBounced: number) =>
  circuitBreakerTrip(counters(sent, hardBounced), { hardBounces: 1 });
const onComplaint = (sent: number, complained: number, hardBounced = 0) =>
  circuitBreakerTrip(counters(sent, hardBounced, complained), { complaints: 1 });

describe('the circuit breaker on hard bounces', () => {
  it('keeps sending under 50 messages sent, whatever the rate', () => {
    expect(onBounce(49, 49)).toBeNull();
  });

  it('pauses above 5 % once 50 are sent, and not at exactly 5 %', () => {
    expect(onBounce(60, 3)).toBeNull();
    expect(onBounce(100, 5)).toBeNull();
    expect(onBounce(50, 3)).toEqual({
      reason: 'BOUNCE_RATE',
      details: '3 hard bounces in 50 messages sent (6 %), above the 5 % allowed once 50 are sent.',
    });
    expect(onBounce(1000, 51)?.details).toBe(
      '51 hard bounces in 1,000 messages sent (5.1 %), above the 5 % allowed once 50 are sent.',
    );
  });
});

describe('the circuit breaker on spam complaints', () => {
  it('pauses on any complaint within the first 1,000 messages sent', () => {
    expect(onComplaint(999, 1)).toEqual({
      reason: 'COMPLAINT',
      details:
        '1 spam complaint after 999 messages sent: any complaint within the first 1,000 pauses the merge.',
    });
  });

  it('after 1,000 sent, pauses at a complaint rate of 0.1 % or more only', () => {
    expect(circuitBreakerTrip(counters(1000), {})).toBeNull();
    expect(onComplaint(2001, 2)).toBeNull();
    expect(onComplaint(2000, 2)).toEqual({
      reason: 'COMPLAINT',
      details:
        '2 spam complaints in 2,000 messages sent (0.1 %), at or above the 0.1 % mailbox providers allow.',
    });
  });

  it('names a complaint before a bounce rate when both are over their line', () => {
    expect(circuitBreakerTrip(counters(100, 10, 1), { complaints: 1, hardBounces: 1 })?.reason).toBe(
      'COMPLAINT',
    );
  });

  it('pauses as the 50th message goes out when the bounces before it are already over the line', () => {
    expect(circuitBreakerTrip(counters(50, 10), { sent: 10 })?.reason).toBe('BOUNCE_RATE');
    expect(circuitBreakerTrip(counters(49, 10), { sent: 10 })).toBeNull();
  });

  it('trips only on news: a merge resumed over a line goes on until a new bounce or complaint', () => {
    expect(circuitBreakerTrip(counters(100, 10, 1), {})).toBeNull();
    expect(circuitBreakerTrip(counters(110, 10, 1), { sent: 10 })).toBeNull();
    expect(onComplaint(100, 1, 10)?.reason).toBe('COMPLAINT');
    expect(circuitBreakerTrip(counters(100, 10, 1), { hardBounces: 1 })?.reason).toBe('BOUNCE_RATE');
  });
});

describe('the circuit breaker on provider policy rejections', () => {
  it.each([
    ['550 5.7.26 This mail is unauthenticated, which poses a security risk', '5.7.26'],
    ['550 5.7.515 Access denied, sending domain does not meet the required authentication level', '5.7.515'],
    ['421 4.7.0 [TSS04] Messages from 192.0.2.1 temporarily deferred', '4.7.0'],
    ['421-4.7.26 This mail has been rate limited because it is unauthenticated', '4.7.26'],
    ['421 4.7.27 rate limited, SPF did not pass', '4.7.27'],
    ['421 4.7.28 Gmail has detected an unusual rate of unsolicited mail', '4.7.28'],
    ['421 4.7.29 rate limited, not sent over TLS', '4.7.29'],
    ['421 4.7.30 rate limited, DKIM did not pass', '4.7.30'],
    ['421 4.7.32 rate limited, From not aligned', '4.7.32'],
    ['421 4.7.40 rate limited, no DMARC policy', '4.7.40'],
    [
      '451 4.7.650 The mail server [192.0.2.1] has been temporarily rate limited due to IP reputation',
      '4.7.650',
    ],
    ['451 4.7.500 Server busy. Please try again later (AS701)', '4.7.500'],
    ['451 4.7.699 Access denied, please try again later', '4.7.699'],
  ])('pauses at once on %s', (text, code) => {
    expect(policyRejectionCode(text)).toBe(code);
    const trip = circuitBreakerTrip(counters(1), { rejections: [text] });
    expect(trip?.reason).toBe('POLICY_REJECTION');
    expect(trip?.details).toBe(
      `A mailbox provider refused a message for its sending policy (${code}): ${text}`,
    );
  });

  it('leaves an address refusal, a greylisting and look-alike numbers to the other rules', () => {
    for (const text of [
      '550 5.1.1 The email account that you tried to reach does not exist',
      '450 4.7.1 Recipient address rejected: Greylisted',
      '452 4.2.2 Mailbox full',
      '451 4.7.700 something else',
      '550 5.7.261 not ours',
      'connection from 10.4.7.28 refused',
    ]) {
      expect(policyRejectionCode(text)).toBeNull();
    }
    expect(
      circuitBreakerTrip(counters(10, 1), { hardBounces: 1, rejections: ['550 5.1.1 unknown user'] }),
    ).toBeNull();
  });
});

describe('who may pause, resume or cancel a merge', () => {
  it('is its sender, and the space owner and admins', () => {
    expect(maySteerMerge({ role: 'MEMBER', isSender: true })).toBe(true);
    expect(maySteerMerge({ role: 'ADMIN', isSender: false })).toBe(true);
    expect(maySteerMerge({ role: 'OWNER', isSender: false })).toBe(true);
    expect(maySteerMerge({ role: 'MEMBER', isSender: false })).toBe(false);
  });

  it('pauses a merge not yet sent or still sending, nothing else', () => {
    expect(['SCHEDULED', 'SENDING', 'WAITING_FOR_QUOTA'].every((s) => isPausable(s as never))).toBe(true);
    expect(['PAUSED', 'COMPLETED', 'CANCELED', 'FAILED'].some((s) => isPausable(s as never))).toBe(false);
  });
});

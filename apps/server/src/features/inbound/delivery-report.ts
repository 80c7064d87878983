import { bounceKindOf, statusIn, type BounceKind } from './bounce-rules';
import { addressOfField, oneLine, parseFieldGroups } from './header-fields';

/** What one RFC 3464 delivery status part says about the message we sent. */
export type DeliveryOutcome =
  | { kind: BounceKind; recipient: string | null; status: string | null; reason: string }
  | { kind: 'not-a-bounce'; reason: string };

interface RecipientReport {
  recipient: string | null;
  action: string;
  status: string | null;
  diagnostic: string;
}

/**
 * Reads the per-recipient groups of a `message/delivery-status` body (RFC 3464 §2.3). We send one
 * recipient per message, so a report naming several is answered by its worst failure: a hard
 * bounce before a soft one.
 */
export function readDeliveryStatus(text: string): DeliveryOutcome {
  const recipients = parseFieldGroups(text)
    .filter((group) => group.has('final-recipient') || group.has('action') || group.has('status'))
    .map<RecipientReport>((group) => ({
      recipient: addressOfField(group.get('final-recipient') ?? group.get('original-recipient')),
      action: (group.get('action') ?? '').toLowerCase().split(/[\s(]/)[0]!,
      status: statusIn(group.get('status') ?? ''),
      // 'smtp; 550 5.1.1 …': the type before the semicolon says nothing a person needs.
      diagnostic: (group.get('diagnostic-code') ?? '').replace(/^[\w-]+;\s*/, ''),
    }));
  if (recipients.length === 0) return { kind: 'not-a-bounce', reason: 'delivery report without recipients' };

  const failures = recipients
    .filter((report) => report.action === 'failed' || report.action === '')
    .map((report) => {
      // No Status field: the diagnostic's own code is the next best witness (RFC 3464 makes
      // Status required, yet some gateways leave it out).
      const status = report.status ?? statusIn(report.diagnostic);
      return { ...report, status, kind: bounceKindOf(status, report.diagnostic) };
    });
  const failure =
    failures.find((report) => report.kind === 'hard-bounce') ??
    failures.find((report) => report.kind === 'soft-bounce');
  if (failure?.kind) {
    return {
      kind: failure.kind,
      recipient: failure.recipient,
      status: failure.status,
      reason: oneLine(
        withoutContinuationCodes(failure.diagnostic) ||
          `${failure.action || 'failed'} ${failure.status ?? ''}`,
      ),
    };
  }
  if (recipients.some((report) => report.action === 'delayed')) {
    return { kind: 'not-a-bounce', reason: 'delivery delayed, not a bounce' };
  }
  const statusless = failures.find((report) => report.status === null);
  if (statusless) return { kind: 'not-a-bounce', reason: 'delivery report without a status' };
  if (failures.length > 0)
    return { kind: 'not-a-bounce', reason: `delivery report with status ${failures[0]!.status}` };
  return { kind: 'not-a-bounce', reason: `delivery report with action ${recipients[0]!.action}` };
}

/**
 * A multi-line SMTP reply quoted whole repeats its code on every line ('550-5.1.1 … 550-5.1.1 …');
 * the reason keeps the first and drops the repeats.
 */
function withoutContinuationCodes(diagnostic: string): string {
  return diagnostic.replace(/(?<=\S)\s+[245]\d\d[ -][245]\.\d{1,3}\.\d{1,3}(?=\s)/g, '');
}

/** What one RFC 5965 feedback report says: a complaint only when its type is abuse. */
export function readFeedbackReport(
  text: string,
): { kind: 'complaint'; recipient: string | null } | { kind: 'not-a-complaint'; reason: string } {
  const fields = new Map(parseFieldGroups(text).flatMap((group) => [...group]));
  const type = (fields.get('feedback-type') ?? '').toLowerCase().trim();
  if (type !== 'abuse')
    return { kind: 'not-a-complaint', reason: `feedback report of type '${type || 'none'}'` };
  return {
    kind: 'complaint',
    recipient: addressOfField(fields.get('original-rcpt-to') ?? fields.get('removal-recipient')),
  };
}

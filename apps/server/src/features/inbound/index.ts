/**
 * Inbound: what comes back by mail for a merge's messages (issue 25, engine design §7) — bounces
 * (RFC 3464 DSNs, and SMTP refusals at send time), complaints (RFC 5965), replies and automatic
 * replies (RFC 3834), mailto: unsubscribes (RFC 2369) — each classified into one InboundEvent and
 * applied to its recipient row in one idempotent transaction.
 */
export { type InboundEvent, type InboundEnvelope } from './inbound-event';
export {
  applyInboundEvent,
  bounceAtSend,
  softBounceAtSend,
  SOFT_BOUNCES_TO_HARD,
  type ApplyOutcome,
} from './apply-inbound-event';
export { isSimulatedAddress, simulateMailbox, type Simulation } from './mailbox-simulator';
export { enqueueSimulatedMail, simulatedMailJob, SIMULATED_MAIL_JOB } from './simulated-mail-job';
export { checkGmailInboxes, gmailInboundJob, GMAIL_INBOUND_JOB } from './gmail-inbound-job';
export {
  classifyInboundWhenNeeded,
  receiveInbound,
  type ClassifyInbound,
  type InboundContext,
  type InboundHandler,
} from './receive-inbound';

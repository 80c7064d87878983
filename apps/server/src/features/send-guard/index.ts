export { requireSendableDomain, sendingDomainCheckFor } from './send-guard-service';
export type { SendingShape } from './domain-check';

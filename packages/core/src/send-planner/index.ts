export type { TimeZone } from './zone-clock';
export * from './country-zones';
export * from './recipient-time-zone';
export * from './send-window';
export * from './business-days';
export * from './follow-up-stages';
export * from './send-plan';

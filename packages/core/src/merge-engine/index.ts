export * from './merge-fields';
export * from './daily-quota';
export * from './schedule-rule';
export * from './merge-contracts';
export * from './merge-title';
export * from './message-addresses';
export * from './tracked-message';
export * from './send-guard-contracts';

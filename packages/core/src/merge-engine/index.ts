export * from './merge-fields';
export * from './daily-quota';
export * from './merge-contracts';
export * from './message-addresses';

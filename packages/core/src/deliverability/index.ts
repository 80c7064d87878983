export * from './deliverability-bands';
export * from './deliverability-contracts';

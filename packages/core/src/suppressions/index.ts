export * from './suppression-rules';
export * from './suppression-contracts';

export * from './http/error';
export * from './list/list-params';
export * from './constants/limits';
export * from './constants/pricing';
export * from './constants/domain';
export * from './contracts/contract';
export * from './contracts/api-bases';
export * from './contracts/health';

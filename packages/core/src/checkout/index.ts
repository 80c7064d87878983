export * from './flow-types';
export * from './seat-spinner';
export * from './checkout-storage';
export * from './checkout-summary';
export * from './checkout-requests';
export * from './session-failure';
export * from './seat-changes';
export * from './seat-change-failure';

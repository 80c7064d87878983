export { seedDemo, DEMO_SEED_MARKER } from './seed-demo';
export { DEMO_ACCOUNTS, DEMO_SPACES } from './accounts';
export { provisionDemoPurchases } from './sandbox-purchases';

// Linted by tooling/boundaries.test.ts as if it were apps/server/src/features/billing/probe.ts:
// product code reaching into the stage set and into the test kits.
import { registerStripeSandbox } from '../../embedded/stripe-sandbox';
import { createTestApp } from '../../testing/test-app';

export const probe = [registerStripeSandbox, createTestApp];

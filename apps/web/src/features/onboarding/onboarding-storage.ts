import { readStorage, writeStorage } from '../../lib/browser-storage';

/** The furthest-used onboarding step (1-based) for a signed-in visitor (ONB-017). */
export const ONBOARDING_STEP_KEY = 'mb.onboardingStep';
/** Set once the 'Go to Marketplace' link was opened (ONB-010). */
export const MARKETPLACE_VISITED_KEY = 'mb.marketplaceVisited';

export function readStoredStep(): number {
  const step = Number(readStorage('local', ONBOARDING_STEP_KEY));
  return Number.isInteger(step) && step >= 1 && step <= 3 ? step : 1;
}

export function storeStep(step: number): void {
  writeStorage('local', ONBOARDING_STEP_KEY, String(step));
}

export function readMarketplaceVisited(): boolean {
  return readStorage('local', MARKETPLACE_VISITED_KEY) === '1';
}

export function storeMarketplaceVisited(): void {
  writeStorage('local', MARKETPLACE_VISITED_KEY, '1');
}

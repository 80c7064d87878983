/**
 * Tracking: what recipients do with a merge's messages comes back through signed, opaque URLs:
 * opens (a pixel), clicks (redirects to the merge's own links), poll answers and unsubscriptions
 * (one click, RFC 8058, or a confirmation page).
 *
 * Words tracking uses:
 * - hit: one request to such a URL; a person's or a machine's (mail scanners, link checkers,
 *   prefetchers), told apart from the request alone; only a person's moves the dashboard's counts.
 * - token: what the URL carries (tracking-tokens.ts): a recipient row and an index, signed.
 */
export {
  hitUrls,
  returnAddresses,
  trackingTokens,
  MAX_TOKEN_INDEX,
  type HitUrls,
  type TrackingTokens,
} from './tracking-tokens';
export { registerHitRoutes, type HitRoutesOptions } from './hit-routes';
export { unsubscribeRecipientIn } from './tracking-service';

/**
 * Why Google's token endpoint did not refresh a grant: `revoked` (invalid_grant, or the answer no
 * longer names the compose scope: ask the person again) or `unavailable` (network, 5xx, anything
 * a retry may cure).
 *
 * Its own module: code that only tells these apart (the merge worker's Gmail path goes through
 * it) does not load the openid-client package.
 */
export class GoogleGrantError extends Error {
  constructor(
    readonly reason: 'revoked' | 'unavailable',
    message: string,
  ) {
    super(message);
  }
}

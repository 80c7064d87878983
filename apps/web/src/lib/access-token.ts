/**
 * The current access token, kept in memory only (never in storage a script could read later).
 * The sign-in flow sets it; the API client reads it for every call.
 */
let accessToken: string | null = null;

export function setAccessToken(token: string | null): void {
  accessToken = token;
}

export function getAccessToken(): string | null {
  return accessToken;
}

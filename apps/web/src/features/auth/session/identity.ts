import { decodeJwtPayload } from '../../../lib/jwt';

interface Identity {
  email: string | null;
  name: string | null;
}

/** The signed-in address and name, from the id token the sign-in answered. */
export function identityOf(idToken: string | undefined): Identity {
  const payload = idToken ? decodeJwtPayload(idToken) : null;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  return { email: text(payload?.email), name: text(payload?.name) };
}

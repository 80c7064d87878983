import { createHash, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';

export interface FakeGooglePerson {
  sub: string;
  email: string;
  name?: string;
}

/**
 * A stand-in for Google's OpenID endpoints (discovery, JWKS, token), answering the requests
 * our server makes. It checks what Google checks (client, code, PKCE verifier) and signs id
 * tokens with its own key, so the server's id-token checks run for real.
 */
export async function createFakeGoogle(clientId: string, clientSecret: string) {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'fake-google-1', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, { person: FakeGooglePerson; nonce: string; challenge: string }>();
  const idTokenTweaks: { audience?: string; expiresInSeconds?: number; nonce?: string } = {};

  const issuer = 'https://accounts.google.com';
  const discovery = {
    issuer,
    authorization_endpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
    token_endpoint: 'https://oauth2.googleapis.com/token',
    jwks_uri: 'https://www.googleapis.com/oauth2/v3/certs',
    response_types_supported: ['code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    code_challenge_methods_supported: ['plain', 'S256'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
  };

  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  async function token(body: URLSearchParams, authorization: string | null): Promise<Response> {
    const basic = authorization?.startsWith('Basic ')
      ? Buffer.from(authorization.slice(6), 'base64').toString().split(':').map(decodeURIComponent)
      : [body.get('client_id'), body.get('client_secret')];
    if (basic[0] !== clientId || basic[1] !== clientSecret) return json({ error: 'invalid_client' }, 401);
    const grant = codes.get(body.get('code') ?? '');
    codes.delete(body.get('code') ?? '');
    if (!grant) return json({ error: 'invalid_grant' }, 400);
    const verifier = body.get('code_verifier') ?? '';
    if (createHash('sha256').update(verifier).digest('base64url') !== grant.challenge) {
      return json({ error: 'invalid_grant', error_description: 'code_verifier mismatch' }, 400);
    }
    const idToken = await new SignJWT({
      email: grant.person.email,
      email_verified: true,
      ...(grant.person.name ? { name: grant.person.name } : {}),
      nonce: idTokenTweaks.nonce ?? grant.nonce,
    })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid! })
      .setIssuer(issuer)
      .setSubject(grant.person.sub)
      .setAudience(idTokenTweaks.audience ?? clientId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + (idTokenTweaks.expiresInSeconds ?? 3600))
      .sign(privateKey);
    return json({
      access_token: randomUUID(),
      id_token: idToken,
      token_type: 'Bearer',
      expires_in: 3599,
      scope: 'openid email profile',
    });
  }

  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const headers = new Headers(init?.headers);
    if (url.href === `${issuer}/.well-known/openid-configuration`) return json(discovery);
    if (url.href === discovery.jwks_uri) return json({ keys: [jwk] });
    if (url.href === discovery.token_endpoint && init?.method === 'POST') {
      return token(new URLSearchParams(String(init.body)), headers.get('authorization'));
    }
    return json({ error: 'not_found' }, 404);
  }) as typeof fetch;

  return {
    fetch: fetchImpl,
    /** What Google does after the person picks an account: a code for that authorization request. */
    approve(
      authorizationUrl: string,
      person: FakeGooglePerson,
    ): { code: string; state: string; iss: string } {
      const params = new URL(authorizationUrl).searchParams;
      const code = randomUUID();
      codes.set(code, { person, nonce: params.get('nonce')!, challenge: params.get('code_challenge')! });
      return { code, state: params.get('state')!, iss: issuer };
    },
    idTokenTweaks,
  };
}

import { env } from '../../../config/env';

/**
 * What the sign-in buttons say. With Google, the spec's words (AUTH-034 AUTH-038 AUTH-040, ONB-005,
 * RES-006); with the built-in issuer, what will happen instead (issue 24): the install's own page
 * asks for an email address, and no Google account is involved. Read at render, from the
 * configuration the server wrote into the page.
 */
export function signInLabels() {
  return env.authProvider === 'google'
    ? {
        signIn: 'Sign in with Google',
        createAccount: 'Create a new account with Google',
        signInAnother: 'Sign in with another Google account',
        stopRenewalPrompt: 'Sign in with your Google account to stop the automatic renewal.',
        note: null,
      }
    : {
        signIn: 'Sign in with your email address',
        createAccount: 'Create an account with your email',
        signInAnother: 'Sign in with another email address',
        stopRenewalPrompt: 'Sign in with your email address to stop the automatic renewal.',
        note: 'This install signs you in on its own page: you enter your email address, no Google account needed.',
      };
}

import type { AuthErrorType } from '../session/auth-state';

/** AUTH-041 AUTH-042 AUTH-043: the message of each login error type shown as a banner (AUTH-044). */
export const LOGIN_ERROR_MESSAGES: Partial<Record<AuthErrorType, string>> = {
  'session-expired': 'Your session has expired, please sign in again',
  google: "There was an error using Google's sign in method",
  'can-not-create-user': 'There was an error creating your account',
};

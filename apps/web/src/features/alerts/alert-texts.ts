import { GENERIC_ERROR } from '@mergeboard/core';
import { env } from '../../config/env';
import type { AlertInput } from './components/alert-context';

/** SPACE-015 */
export function createdAlert(name: string, path?: string): AlertInput {
  return { kind: 'create', message: `${name} has been successfully created.`, path };
}

/** SPACE-017 */
export function removedAlert(name: string, path?: string): AlertInput {
  return { kind: 'remove', message: `${name} has been successfully deleted.`, path };
}

/** SPACE-027 */
export function transferredAlert(name: string, email: string, path?: string): AlertInput {
  return { kind: 'transfer', message: `${name} ownership has been transferred to ${email}`, path };
}

/** ALERT-006 ALERT-007: 'and you have been automatically switched to it' when it is now the active space. */
export function joinedAlert(name: string, switched: boolean, path?: string): AlertInput {
  return {
    kind: 'join',
    title: `Welcome to ${env.productName}`,
    message: switched
      ? `You have successfully joined ${name} and you have been automatically switched to it.`
      : `You have successfully joined ${name}.`,
    path,
  };
}

/** ALERT-008: the generic error banner, or an error with its own title and text. */
export function errorAlert(
  { title, message }: { title: string; message: string } = GENERIC_ERROR,
  path?: string,
): AlertInput {
  return { kind: 'error', title, message, path };
}

/** ALERT-004 */
export const LEGACY_ALERT_TEXT = 'Your space is currently on a legacy plan.';

import { AppError } from '../http/app-error';

/**
 * Never trust an id in a request for whom to act (mass assignment): where a call names a user,
 * it must be the caller. `field` is where the request carries it, e.g. 'body.userId'.
 */
export function requireSelf(user: { id: string }, userId: string, field: string): string {
  if (userId !== user.id) {
    throw new AppError('forbidden', 'userId must be your own user id', {
      fields: { [field]: 'Must be you' },
    });
  }
  return user.id;
}

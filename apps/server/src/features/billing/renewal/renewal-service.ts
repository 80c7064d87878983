import type { Db } from '../../../db/client';
import { AppError } from '../../../http/app-error';
import { insertRenewalAudit, lockOwnedLicense, stopRenewal } from './renewal-queries';

/**
 * RES-009, RES-010: stops the renewal of the caller's own PayPal license. The id in the body must
 * be that license's: an id of someone else's subscription is answered like an unknown one.
 * A second call changes nothing and says so.
 */
export async function cancelAutoRenewal(db: Db, options: { userId: string; subscriptionId: string }) {
  return db.transaction(async (tx) => {
    const license = await lockOwnedLicense(tx, options.userId);
    if (!license || license.id !== options.subscriptionId) {
      throw new AppError('license_not_found', 'You have no license with this subscription id.');
    }
    if (license.paymentSource !== 'PAYPAL') {
      throw new AppError(
        'license_not_paypal',
        'Only a license paid with PayPal can have its automatic renewal stopped here.',
      );
    }
    if (!license.autoRenew) {
      throw new AppError(
        'auto_renewal_already_stopped',
        'The automatic renewal of this license is already stopped.',
      );
    }
    await stopRenewal(tx, license.id);
    await insertRenewalAudit(tx, {
      workspaceId: license.workspaceId,
      actorUserId: options.userId,
      subscriptionId: license.id,
    });
    return {
      subscriptionId: license.id,
      autoRenew: false as const,
      endTimestamp: license.endAt.toISOString(),
    };
  });
}

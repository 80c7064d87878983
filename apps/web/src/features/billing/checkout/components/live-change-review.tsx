import { Alert, Button, Stack } from '@mantine/core';
import {
  MEMBER_TEXTS,
  PLAN_LABELS,
  priceInfoV1Body,
  PRORATION_DATE_FIELD,
  type PaymentInfo,
  type PurchaseChoice,
  type Subscription,
  type UserPlan,
} from '@mergeboard/core';
import { useNavigate } from 'react-router';
import { paths } from '../../../../config/paths';
import { isApiError } from '../../../../lib/api-client';
import { useUpdateSubscription, type SubscriptionUpdate } from '../../api/update-subscription';
import { useSpace } from '../../../spaces';
import { useChangePreview } from '../api/change-preview';
import { ChangeNotice } from './change-notice';
import { OrderSummary } from './order-summary';
import { SummaryError } from './summary-error';

/**
 * The review of a change of the live subscription (CHK-044 CHK-045 CHK-046, MEM-033): its title and when it
 * applies, the price the provider previews for the users paid after it, and the button that
 * applies it with the preview's proration date, so what is charged today is what was shown.
 * `blocked` says why the change cannot be made yet (nothing changed, a rule refuses it).
 */
export function LiveChangeReview({
  subscription,
  target,
  paidUsers,
  change,
  doneTo,
  blocked = null,
}: {
  subscription: Subscription;
  target: PurchaseChoice;
  /** The preview's userUpdates: users paid after the change, and those made free as FREE. */
  paidUsers: { userId: string; userPlan: UserPlan }[];
  change: (info: PaymentInfo) => SubscriptionUpdate;
  doneTo: string;
  blocked?: string | null;
}) {
  const { space, prefix } = useSpace();
  const navigate = useNavigate();
  const update = useUpdateSubscription(space.workspaceId);
  const seats = paidUsers.filter((user) => user.userPlan !== 'FREE').length;
  const ready = blocked === null && seats > 0;
  const price = useChangePreview(
    space.workspaceId,
    priceInfoV1Body({
      form: {
        country: subscription.country ?? 'US',
        companyName: subscription.additionalStripeInfo?.companyName ?? '',
      },
      userUpdates: paidUsers,
      purchase: target,
      upgradeLegacySubscription: false,
    }),
    { enabled: ready },
  );
  const info = ready ? price.data : undefined;
  // The seats the subscription bills after the change, as previewed: places paid but unassigned
  // count too, so the per-seat price is the subtotal over all of them, not over the paid users.
  const billedSeats = info ? info.stripePlans.reduce((sum, plan) => sum + plan.quantity, 0) : seats;

  const confirm = (previewed: PaymentInfo) =>
    update.mutate(
      {
        subscriptionId: subscription.subscriptionId,
        body: {
          ...change(previewed),
          ...(previewed.prorationDate ? { prorationDate: previewed.prorationDate } : {}),
        },
      },
      {
        onSuccess: () => void navigate(doneTo),
        onError: (error) => {
          // The preview outlived its lifetime: price the change again before it is confirmed.
          if (error.fields?.[PRORATION_DATE_FIELD]) void price.refetch();
          // CHK-088, BILL-027: refusals with a page of their own.
          if (error.code === 'cannot_downgrade')
            void navigate(paths.space.checkoutCannotDowngrade.getHref(prefix));
          if (error.code === 'billing_cycle_change_scheduled') {
            void navigate(
              paths.space.billing.getHref(
                prefix,
                '?checkout-error=cannot-change-billing-cycle-when-scheduled',
              ),
            );
          }
        },
      },
    );
  const refusal =
    update.error && isApiError(update.error) && update.error.code === 'already_paid_user'
      ? MEMBER_TEXTS.paidElsewhere
      : null;

  if (ready && price.isError) return <SummaryError />;
  return (
    <Stack gap="lg" maw={560}>
      {refusal ? <Alert color="red" role="alert" title={refusal} /> : update.isError && <SummaryError />}
      {info && <ChangeNotice subscription={subscription} info={info} target={target} />}
      <OrderSummary
        info={info}
        loading={ready && price.isFetching}
        failed={false}
        onRetry={() => void price.refetch()}
        seats={billedSeats}
        planName={PLAN_LABELS[target.workspacePlan]}
        interval={target.billingInterval}
      >
        {blocked && (
          <Alert color="yellow" role="status">
            {blocked}
          </Alert>
        )}
        <Button
          fullWidth
          disabled={!info || price.isFetching}
          loading={update.isPending}
          onClick={() => info && confirm(info)}
        >
          Confirm the change
        </Button>
      </OrderSummary>
    </Stack>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import {
  listSubscriptionsV2,
  POST_PAYMENT_DELAY_MS,
  PRORATION_DATE_FIELD,
  seatChangeFailure,
  seatChangeReturnQuery,
  seatPurchaseSettled,
  type SeatChangeFailure,
  type SeatPurchase,
} from '@mergeboard/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { logEvent } from '../../events';
import { useSpace } from '../../spaces';
import { useAddSeats } from './api/add-seats';
import type { SeatSubscription } from './use-seat-subscription';

type AddSeatsPhase =
  | { kind: 'form' }
  /** SEAT-015: the invoice waits for the payer's confirmation on its hosted page. */
  | {
      kind: 'confirm';
      invoiceUrl: string | null;
      expected: number;
      quantity: number;
      checking: boolean;
      unconfirmed: boolean;
    };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * SEAT-015 SEAT-016 SEAT-017 SEAT-018: buying the seats. A paid purchase waits 2 s and reads the subscription
 * again, once more after 2 s if it does not hold the new seats yet, then goes to the billing page with
 * checkout=success and the seats added. A payment that needs confirmation sends the payer to the
 * invoice's hosted page (the sandbox's or Stripe's; neither returns to us) and waits for them to
 * say they confirmed, then checks. A refusal scrolls to the top, is reported and shown; when the
 * server refused the preview's proration date (the preview outlived its lifetime), the price is
 * asked again, so trying again buys at a price shown.
 */
export function useAddSeatsFlow({
  subscriptionId,
  reload,
  onSettling,
  onPriceOutdated,
}: {
  subscriptionId: string;
  reload: () => Promise<SeatSubscription | null>;
  onSettling: (settling: boolean) => void;
  onPriceOutdated: () => void;
}) {
  const { space, prefix } = useSpace();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const add = useAddSeats();
  const [phase, setPhase] = useState<AddSeatsPhase>({ kind: 'form' });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<SeatChangeFailure | null>(null);

  const fail = (code: string | undefined) => {
    window.scrollTo({ top: 0 });
    const found = seatChangeFailure(code);
    logEvent('add_seats_error', { key: found.key }, space.workspaceId);
    setFailure(found);
    setBusy(false);
    onSettling(false);
  };

  const done = async (quantity: number) => {
    await queryClient.invalidateQueries({
      queryKey: [listSubscriptionsV2.path, { params: { id: space.workspaceId } }],
    });
    void navigate(paths.space.billing.getHref(prefix, seatChangeReturnQuery('added', quantity)));
  };

  const settle = async (purchase: SeatPurchase, quantity: number) => {
    await wait(POST_PAYMENT_DELAY_MS);
    const first = await reload();
    if (!seatPurchaseSettled(purchase.expectedTotalSeats, first?.seats.totalSeats ?? null)) {
      await wait(POST_PAYMENT_DELAY_MS);
      await reload();
    }
    await done(quantity);
  };

  const submit = async (input: {
    workspaceId: string;
    userPlan: 'PRO' | 'PRO_PERSONAL';
    quantity: number;
    prorationDate: number | null;
  }) => {
    setBusy(true);
    setFailure(null);
    onSettling(true);
    let purchase: SeatPurchase;
    try {
      purchase = await add.mutateAsync({
        params: { id: input.workspaceId, subId: subscriptionId },
        body: {
          useProratedAmounts: true,
          seatPlans: [{ userPlan: input.userPlan, quantity: input.quantity }],
          ...(input.prorationDate === null ? {} : { prorationDate: input.prorationDate }),
        },
      });
    } catch (error) {
      if (isApiError(error) && error.fields?.[PRORATION_DATE_FIELD]) onPriceOutdated();
      fail(isApiError(error) ? error.code : undefined);
      return;
    }
    const state = purchase.latestInvoice.paymentState;
    if (state === 'PAYMENT_FAILED') return fail('payment_failed');
    if (state === 'REQUIRES_CONFIRMATION') {
      setBusy(false);
      setPhase({
        kind: 'confirm',
        invoiceUrl: purchase.latestInvoice.hostedInvoiceUrl,
        expected: purchase.expectedTotalSeats,
        quantity: input.quantity,
        checking: false,
        unconfirmed: false,
      });
      return;
    }
    await settle(purchase, input.quantity);
  };

  /** 'I have confirmed the payment': the seats are in once the subscription holds them. */
  const recheck = async () => {
    if (phase.kind !== 'confirm') return;
    setPhase({ ...phase, checking: true, unconfirmed: false });
    const current = await reload();
    if (seatPurchaseSettled(phase.expected, current?.seats.totalSeats ?? 0)) {
      await done(phase.quantity);
      return;
    }
    setPhase({ ...phase, checking: false, unconfirmed: true });
  };

  return { phase, busy, failure, submit, recheck };
}

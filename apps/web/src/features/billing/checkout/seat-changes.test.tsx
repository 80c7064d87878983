import { screen, waitFor, within } from '@testing-library/react';
import type { SeatSummary, Subscription, UserWorkspace } from '@mergeboard/core';
import { describe, expect, it } from 'vitest';
import { apiError, json, type FakeRequest, type FakeRoutes } from '../../../testing/fake-server';
import { pendingRemoval, removalRoutes } from '../../../testing/seat-fixtures';
import { spaceEntry } from '../../../testing/space-fixtures';
import {
  domainOwner,
  gmailOwner,
  liveSubscription,
  openCheckout,
  previewFor,
  summaryValue,
} from '../../../testing/checkout-test-kit';

const acme = spaceEntry(1, 'Acme Sales', { userRole: 'OWNER', workspacePlan: 'PRO', userPlan: 'PRO' });
const SUB = `sub-${acme.workspaceId}`;
const base = `/api/workspace-billing/workspaces/${acme.workspaceId}`;
const ADD = `POST ${base}/subscriptions/v2/${SUB}/seats/v1`;
const removal = removalRoutes(acme, SUB);
const PRORATION_DATE = 1_750_000_000;

/** Acme's subscription with `total` seats of which `assigned` are used. */
function withSeats(total: number, assigned = 3, overrides: Partial<Subscription> = {}): Subscription {
  const live = liveSubscription(acme, overrides);
  const [plan] = live.subscriptionPaymentPlans!;
  return {
    ...live,
    subscriptionPaymentPlans: [
      { ...plan!, totalSeats: total, assignedSeats: assigned, availableSeats: total - assigned },
    ],
  };
}

const summary = (overrides: Partial<SeatSummary> = {}): SeatSummary => ({
  subscriptionId: SUB,
  workspacePlan: 'PRO',
  subscriptionStatus: 'ACTIVE',
  paymentSource: 'STRIPE',
  billingInterval: 'YEARLY',
  totalSeats: 10,
  assignedSeats: 3,
  availableSeats: 7,
  scheduledRemoval: null,
  ...overrides,
});

/** The prorated preview of adding seats to 10: 60 USD a seat a year, 200 days left, 10 % tax. */
function proratedPreview(request: FakeRequest) {
  const body = request.body as { seatPlans: { quantity: number }[]; previewProratedAmounts: boolean };
  const added = body.seatPlans[0]!.quantity;
  const next = (10 + added) * 6_000;
  return json(200, {
    ...previewFor({ country: 'US', seatPlans: body.seatPlans }),
    taxRate: 10,
    totalAmount: Math.round(next * 1.1),
    chargedToday: Math.round(added * 6_000 * (200 / 365) * 1.1),
    proratedDays: body.previewProratedAmounts ? 200 : null,
    prorationDate: PRORATION_DATE,
  });
}

const purchase = (paymentState: 'PAID' | 'REQUIRES_CONFIRMATION', expectedTotalSeats = 12) =>
  json(200, {
    subscriptionId: SUB,
    expectedTotalSeats,
    latestInvoice: {
      invoiceId: 'in_1',
      status: paymentState === 'PAID' ? 'paid' : 'open',
      paid: paymentState === 'PAID',
      currency: 'USD',
      amountDue: 7_233,
      amountPaid: paymentState === 'PAID' ? 7_233 : 0,
      hostedInvoiceUrl: 'http://localhost/sandbox/invoices/in_1',
      paymentIntent: { status: paymentState === 'PAID' ? 'succeeded' : 'requires_action' },
      paymentState,
    },
  });

function openSeatPage(
  path: '/checkout/add-seats' | '/checkout/remove-seats',
  {
    subscriptions = [withSeats(10)],
    seats = summary(),
    space = acme,
    user = domainOwner([space]),
    routes = {},
  }: {
    subscriptions?: Subscription[] | Subscription[][];
    seats?: SeatSummary;
    space?: UserWorkspace;
    user?: ReturnType<typeof domainOwner>;
    routes?: FakeRoutes;
  } = {},
) {
  const answers = (Array.isArray(subscriptions[0]) ? subscriptions : [subscriptions]) as Subscription[][];
  return openCheckout(path, {
    space,
    user,
    details: { isPerSeat: true },
    routes: {
      [`GET ${base}/subscriptions/v1`]: answers.map((items) => json(200, { items })),
      [`GET ${base}/subscriptions/v2`]: json(200, { items: [seats] }),
      [removal.get]: apiError(404, 'not_found'),
      [`POST ${base}/stripe/checkout/v2/info`]: proratedPreview,
      ...routes,
    },
  });
}

const seatsToAdd = () => screen.getByRole('textbox', { name: 'Seats to add' });

describe('Add seats (/checkout/add-seats)', () => {
  it('SEAT-007 SEAT-008 SEAT-009 SEAT-010 SEAT-011 SEAT-012 SEAT-013 shows the seats, the prorated price, today’s charge and the next payment', async () => {
    const { server, routes } = await openSeatPage('/checkout/add-seats');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Add seats to Acme Sales' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Current number of seats:')).toHaveTextContent('Current number of seats: 10');
    const steps = within(screen.getByRole('list', { name: 'Checkout steps' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual(['1Add seats']);
    expect(seatsToAdd()).toHaveValue('1');
    await screen.findByText('Charged today');
    // 11 seats × 60 USD + 10 % = 726 USD next year: 5.50 USD a seat a month.
    expect(screen.getByText('1 × $5.50 per seat / month, prorated for 200 days')).toBeInTheDocument();
    expect(summaryValue('Charged today')).toBe('$36.16');
    expect(summaryValue('Next payment on January 1st, 2026')).toBe('$726.00');
    expect(screen.getByText('All displayed prices include applicable taxes.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add 1 seat' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute(
      'href',
      `${acme.urlPrefix}/space/billing`,
    );
    expect(server.calls(routes.priceV2).at(-1)?.body).toMatchObject({
      previewProratedAmounts: true,
      seatPlans: [{ userPlan: 'PRO', quantity: 1 }],
    });
  });

  it('SEAT-007 SEAT-014 the quantity goes from 1 to the seats left under 100, with a notice at the maximum', async () => {
    const { user } = await openSeatPage('/checkout/add-seats', { subscriptions: [withSeats(98)] });
    await screen.findByText('Charged today');
    await user.click(screen.getByRole('button', { name: 'Add a seat' }));
    expect(seatsToAdd()).toHaveValue('2');
    expect(screen.getByText('You have reached the maximum of 100 seats for a space.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a seat' })).toBeDisabled();
    await user.type(seatsToAdd(), '0');
    expect(screen.getByText('The number must be between 1 and 2.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Add \d+ seats?$/ })).toBeDisabled();
  });

  it('SEAT-015 SEAT-016 SEAT-017 a paid purchase sends the preview’s proration date, reads the subscription again until it holds the seats, then goes to billing', async () => {
    const { user, server, router } = await openSeatPage('/checkout/add-seats', {
      subscriptions: [[withSeats(10)], [withSeats(10)], [withSeats(10)], [withSeats(12)]],
      routes: { [ADD]: purchase('PAID') },
    });
    await screen.findByText('Charged today');
    await user.click(screen.getByRole('button', { name: 'Add a seat' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add 2 seats' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Add 2 seats' }));
    expect(server.calls(ADD)[0]?.body).toEqual({
      useProratedAmounts: true,
      seatPlans: [{ userPlan: 'PRO', quantity: 2 }],
      prorationDate: PRORATION_DATE,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`${acme.urlPrefix}/space/billing`), {
      timeout: 7_000,
    });
    expect(router.state.location.search).toBe('?checkout=success&addedSeats=2');
    // The first read after 2 s still had 10 seats: a second one followed 2 s later.
    expect(server.calls(`GET ${base}/subscriptions/v1`).length).toBeGreaterThanOrEqual(3);
  }, 15_000);

  it('SEAT-015 a payment that needs confirmation opens the invoice, then checks the seats when the payer says so', async () => {
    const { user, router } = await openSeatPage('/checkout/add-seats', {
      subscriptions: [[withSeats(10)], [withSeats(10)], [withSeats(11)]],
      routes: { [ADD]: purchase('REQUIRES_CONFIRMATION', 11) },
    });
    await screen.findByText('Charged today');
    await user.click(screen.getByRole('button', { name: 'Add 1 seat' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Confirm your payment' });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Open the invoice' })).toHaveAttribute(
      'href',
      'http://localhost/sandbox/invoices/in_1',
    );
    await user.click(screen.getByRole('button', { name: 'I have confirmed the payment' }));
    expect(
      await screen.findByText(
        'The payment is not confirmed yet. Confirm it on the invoice page, then try again.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I have confirmed the payment' }));
    await waitFor(() => expect(router.state.location.search).toBe('?checkout=success&addedSeats=1'));
  });

  it('SEAT-018 a refusal is shown at the top of the page', async () => {
    const { user } = await openSeatPage('/checkout/add-seats', {
      routes: { [ADD]: apiError(409, 'max_users_reached') },
    });
    await screen.findByText('Charged today');
    await user.click(screen.getByRole('button', { name: 'Add 1 seat' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your current plan allows a maximum of 100 paid users.');
    expect(within(alert).getByRole('link', { name: 'Contact us' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add 1 seat' })).toBeEnabled();
  });

  it('SEAT-010 SEAT-015 SEAT-018 a proration date the server refuses (the preview outlived its lifetime) prices the seats again: trying again sends the new preview’s date', async () => {
    const message = 'prorationDate is older than its price preview may be: preview the price again';
    const later = PRORATION_DATE + 7_200;
    const laterPreview = async (request: FakeRequest) =>
      json(200, { ...((await proratedPreview(request).json()) as object), prorationDate: later });
    const { user, server } = await openSeatPage('/checkout/add-seats', {
      routes: {
        [`POST ${base}/stripe/checkout/v2/info`]: [proratedPreview, laterPreview],
        [ADD]: [
          json(400, {
            error: { code: 'validation_failed', message, fields: { 'body.prorationDate': message } },
          }),
          purchase('PAID', 11),
        ],
      },
    });
    await screen.findByText('Charged today');
    await user.click(screen.getByRole('button', { name: 'Add 1 seat' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred. Please try again.');
    await waitFor(() => expect(server.calls(`POST ${base}/stripe/checkout/v2/info`)).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add 1 seat' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Add 1 seat' }));
    await waitFor(() => expect(server.calls(ADD)).toHaveLength(2));
    expect(server.calls(ADD).map((call) => (call.body as { prorationDate: number }).prorationDate)).toEqual([
      PRORATION_DATE,
      later,
    ]);
  });
});

describe('Seat pages: who may use them (SEAT-005, SEAT-006)', () => {
  const billing = `${acme.urlPrefix}/space/billing`;

  /** On the billing page, the banner that says why the seat page sent the person there (issue 24). */
  const expectReason = async (title: string, message: string | RegExp) => {
    const banner = (await screen.findByText(title)).closest<HTMLElement>('[role="alert"]')!;
    expect(within(banner).getByText(message)).toBeInTheDocument();
    return banner;
  };

  it('SEAT-005 a Gmail-type user goes to billing, told that seats are for Google Workspace spaces', async () => {
    const { router } = await openSeatPage('/checkout/add-seats', { user: gmailOwner(acme) });
    await waitFor(() => expect(router.state.location.pathname).toBe(billing));
    await expectReason('Seats cannot be added', /^Seats are bought for Google Workspace spaces\./);
  });

  it('SEAT-005 no subscription details: billing, told there is no subscription whose seats can change', async () => {
    const { router } = await openSeatPage('/checkout/remove-seats', { subscriptions: [] });
    await waitFor(() => expect(router.state.location.pathname).toBe(billing));
    await expectReason(
      'Seats cannot be removed',
      'This space has no subscription whose seats can be changed here.',
    );
  });

  it('SEAT-005 SEAT-025 a scheduled removal blocks both pages until it is cancelled: billing says so, then closing the banner drops it', async () => {
    const { router, user } = await openSeatPage('/checkout/add-seats', {
      routes: { [removal.get]: json(200, pendingRemoval(SUB)) },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(billing));
    const banner = await expectReason(
      'Seats cannot be added',
      'A seat removal is scheduled, and seats cannot be added or removed until it is cancelled. Cancel the downgrade first.',
    );
    // The way to cancel it is the scheduled downgrade's own banner, on the same page.
    expect(await screen.findByRole('button', { name: 'Cancel downgrade' })).toBeInTheDocument();
    await user.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Seats cannot be added')).not.toBeInTheDocument();
    expect(router.state.location.state).toBeNull();
  });

  it('SEAT-005 unlimited seats: billing, told there are none to add', async () => {
    const { router } = await openSeatPage('/checkout/add-seats', { subscriptions: [withSeats(-1)] });
    await waitFor(() => expect(router.state.location.pathname).toBe(billing));
    await expectReason(
      'Seats cannot be added',
      'Your plan has unlimited seats: there are none to add or remove.',
    );
  });

  it('SEAT-006 the remove page with a single seat: billing, told the one seat cannot go', async () => {
    const { router } = await openSeatPage('/checkout/remove-seats', { subscriptions: [withSeats(1, 1)] });
    await waitFor(() => expect(router.state.location.pathname).toBe(billing));
    await expectReason(
      'Seats cannot be removed',
      'Your subscription has a single seat, which cannot be removed.',
    );
  });

  it('PERM-022 an admin is sent to billing: seats are the owner’s', async () => {
    const admin = { ...acme, userRole: 'ADMIN' as const };
    const { router } = await openSeatPage('/checkout/add-seats', {
      space: admin,
      user: domainOwner([admin]),
    });
    await waitFor(() => expect(router.state.location.pathname).not.toContain('/checkout'));
  });
});

describe('Remove unused seats (/checkout/remove-seats)', () => {
  const totals = () => screen.getByRole('combobox', { name: 'Number of seats after the renewal' });

  it('SEAT-019 SEAT-020 SEAT-021 offers total − 1 down to the assigned seats, the summary and the next payment, and a way to members', async () => {
    const { user, server, routes } = await openSeatPage('/checkout/remove-seats', {
      subscriptions: [withSeats(10, 7)],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Remove unused seats from Acme Sales' }),
    ).toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: 'Checkout steps' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual(['1Remove unused seats']);
    expect(totals()).toHaveValue('9');
    await user.click(totals());
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['9', '8', '7']);
    await user.keyboard('{Escape}');
    expect(summaryValue('Current seats')).toBe('10');
    expect(summaryValue('Seats removed')).toBe('1');
    await waitFor(() => expect(summaryValue('Next payment on January 1st, 2026')).not.toBe('…'));
    expect(server.calls(routes.priceV2).at(-1)?.body).toMatchObject({ seatPlans: [{ quantity: 9 }] });
    expect(screen.getByRole('link', { name: 'Remove members' })).toHaveAttribute(
      'href',
      `${acme.urlPrefix}/space/users`,
    );
    expect(screen.getByRole('button', { name: 'Remove 1 seat' })).toBeEnabled();
  });

  it('SEAT-021 no link to remove members when a single seat is assigned', async () => {
    await openSeatPage('/checkout/remove-seats', { subscriptions: [withSeats(3, 1)] });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: 'Remove members' })).not.toBeInTheDocument();
  });

  it('SEAT-022 when every seat is used it asks to remove members first and the button is disabled', async () => {
    await openSeatPage('/checkout/remove-seats', { subscriptions: [withSeats(5, 5)] });
    expect(await screen.findByText('You need to remove members before removing seats.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Remove \d+ seats?$/ })).toBeDisabled();
  });

  it('SEAT-023 schedules the removal of the chosen seats and goes to billing with checkout=success', async () => {
    const { user, server, router } = await openSeatPage('/checkout/remove-seats', {
      subscriptions: [withSeats(10, 7)],
      routes: { [removal.schedule]: json(200, pendingRemoval(SUB, { targetSeatsQuantity: 8 })) },
    });
    await user.click(await screen.findByRole('combobox', { name: 'Number of seats after the renewal' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: '8' }));
    await user.click(screen.getByRole('button', { name: 'Remove 2 seats' }));
    await waitFor(() => expect(router.state.location.search).toBe('?checkout=success&removedSeats=2'));
    expect(router.state.location.pathname).toBe(`${acme.urlPrefix}/space/billing`);
    expect(server.calls(removal.schedule)[0]?.body).toEqual({
      subscriptionPlanSeats: [{ paymentPlanId: 'pp-1', targetSeatsQuantity: 8 }],
    });
  });

  it('SEAT-018 SEAT-022 a refusal of the server is shown at the top', async () => {
    const { user } = await openSeatPage('/checkout/remove-seats', {
      subscriptions: [withSeats(10, 7)],
      routes: { [removal.schedule]: apiError(409, 'seats_in_use') },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove 1 seat' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You need to remove members before removing seats.',
    );
  });
});

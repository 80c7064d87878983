import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, json, type FakeRoutes } from '../../../testing/fake-server';
import { spaceEntry, spaceMember } from '../../../testing/space-fixtures';
import {
  checkoutRoutes,
  domainOwner,
  liveSubscription,
  openCheckout,
  previewFor,
} from '../../../testing/checkout-test-kit';

const proSpace = spaceEntry(8, 'Acme Changes', { userRole: 'OWNER', workspacePlan: 'PRO', userPlan: 'PRO' });
const olderOwner = domainOwner([proSpace], { isPerSeat: false });
const live = liveSubscription(proSpace);
const r = checkoutRoutes(proSpace);
const updateRoute = `PUT /api/workspace-billing/workspaces/${proSpace.workspaceId}/subscriptions/v1/${live.subscriptionId}`;
const promoteValidity = `GET /api/v1/workspaces/${proSpace.workspaceId}/members/promote-validity`;

const owner = spaceMember({ name: 'Olivia', email: 'owner@acme.example', role: 'OWNER' });
const ann = spaceMember({ name: 'Ann', email: 'ann@acme.example' });
const bob = spaceMember({ name: 'Bob', email: 'bob@acme.example', plan: 'FREE', isPaid: false });
const eve = spaceMember({ name: 'Eve', email: 'eve@acme.example', plan: 'FREE', isPaid: false });

const PRORATION_DATE = 1_767_000_000;
const changePreview = (chargedToday: number) => ({
  ...previewFor({ country: 'US', seatPlans: [{ quantity: 1 }] }),
  chargedToday,
  proratedDays: chargedToday > 0 ? 200 : null,
  prorationDate: PRORATION_DATE,
});

async function open(
  path: string,
  { members = [owner, ann, bob], routes = {} }: { members?: (typeof owner)[]; routes?: FakeRoutes } = {},
) {
  return openCheckout(path, {
    space: proSpace,
    user: olderOwner,
    details: { restrictions: ['MULTIPLE_PAYMENT'] },
    routes: {
      [r.subscriptions]: json(200, { items: [live] }),
      [r.members]: json(200, { items: members, total: members.length }),
      [promoteValidity]: json(200, { items: [{ userId: eve.id, errorCode: 'already_paid_user' }] }),
      [updateRoute]: json(200, live),
      ...routes,
    },
  });
}

describe('Billing-cycle change', () => {
  it('CHK-044 CHK-045 BILL-013 /checkout?change-billing-cycle=1 reviews the move to monthly, then applies it with the preview’s proration date', async () => {
    const preview = { ...changePreview(0), targetBillingInterval: 'MONTHLY' as const };
    const { user, router, server } = await open('/checkout?change-billing-cycle=1', {
      routes: { [r.priceV1]: json(200, preview) },
    });
    expect(await screen.findByRole('heading', { name: 'Change your billing cycle' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`${proSpace.urlPrefix}/checkout/summary`);
    expect(
      screen.getByText('The change to monthly billing applies at the end of your current billing cycle.'),
    ).toBeInTheDocument();
    const call = server.calls(r.priceV1).at(-1);
    expect(call?.url.searchParams.get('previewProratedChanges')).toBe('true');
    expect(call?.body).toMatchObject({
      billingInterval: 'MONTHLY',
      userUpdates: [
        { userId: owner.id, userPlan: 'PRO' },
        { userId: ann.id, userPlan: 'PRO' },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Confirm the change' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${proSpace.urlPrefix}/space/billing`));
    expect(server.calls(updateRoute)[0]?.body).toEqual({
      billingInterval: 'MONTHLY',
      prorationDate: PRORATION_DATE,
    });
  });

  it('CHK-044 the order summary prices every seat the subscription bills, unassigned ones too, not only the paid users', async () => {
    // Two paid users (owner, Ann) on a subscription of 5 seats: $150 a month is 5 × $30.
    const preview = {
      ...changePreview(0),
      targetBillingInterval: 'MONTHLY' as const,
      subtotal: 15_000,
      totalAmount: 15_000,
      stripePlans: [
        { stripePriceId: 'price_1', userIds: [owner.id, ann.id], totalAmount: 15_000, quantity: 5 },
      ],
    };
    await open('/checkout?change-billing-cycle=1', { routes: { [r.priceV1]: json(200, preview) } });
    expect(await screen.findByText('Pro, 5 seats × $30.00 / month')).toBeInTheDocument();
    expect(screen.queryByText(/2 seats ×/)).not.toBeInTheDocument();
  });

  it('BILL-013 once confirmed, the subscriptions read again hold the change scheduled: the owner is back on billing without the cannot-change error', async () => {
    let changed = false;
    let readsAfterChange = 0;
    const scheduled = {
      ...live,
      stripeSubscriptionScheduleId: 'sub_sched_1',
      scheduledChanges: { targetBillingInterval: 'MONTHLY' as const, changeTimestamp: live.endTimestamp },
    };
    const { user, router } = await open('/checkout?change-billing-cycle=1', {
      routes: {
        [r.priceV1]: json(200, { ...changePreview(0), targetBillingInterval: 'MONTHLY' }),
        [r.subscriptions]: () => {
          if (changed) readsAfterChange += 1;
          return json(200, { items: [changed ? scheduled : live] });
        },
        [updateRoute]: () => {
          changed = true;
          return json(200, scheduled);
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Confirm the change' }));
    await waitFor(() => expect(readsAfterChange).toBeGreaterThan(0));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${proSpace.urlPrefix}/space/billing`));
    expect(router.state.location.search).toBe('');
  });

  it('BILL-027 a refused change (billing_cycle_change_scheduled) goes back to billing with the error', async () => {
    const { user, router } = await open('/checkout/summary?change-billing-cycle=1', {
      routes: {
        [r.priceV1]: json(200, changePreview(0)),
        [updateRoute]: apiError(409, 'billing_cycle_change_scheduled'),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Confirm the change' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?checkout-error=cannot-change-billing-cycle-when-scheduled'),
    );
  });
});

describe('Paid users from the Users page', () => {
  const fromUsers = (ids: string[]) => `/checkout/summary?from=users&userIds=${ids.join(',')}`;
  const row = (name: string) => screen.getByRole('radiogroup', { name });

  it('MEM-033 CHK-046 a free user made paid is charged pro-rated today, then the Users page comes back', async () => {
    const { user, router, server } = await open(fromUsers([bob.id]), {
      routes: {
        [r.priceV1]: (request) =>
          json(200, {
            ...changePreview(1_500),
            subtotal: 90_000,
            stripePlans: [
              {
                stripePriceId: 'price_1',
                userIds: (request.body as { userUpdates: { userId: string }[] }).userUpdates.map(
                  (u) => u.userId,
                ),
                totalAmount: 18_000,
                quantity: 3,
              },
            ],
          }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Upgrade your plan' })).toBeInTheDocument();
    expect(within(row('Bob')).getByRole('radio', { name: 'Paid' })).toBeChecked();
    expect(
      screen.getByText('$15.00 is charged today, pro-rated for the 200 days left in your billing cycle.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute(
      'href',
      `${proSpace.urlPrefix}/space/users`,
    );
    await user.click(screen.getByRole('button', { name: 'Confirm the change' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${proSpace.urlPrefix}/space/users`));
    expect(server.calls(updateRoute)[0]?.body).toEqual({
      workspaceUserPlans: [
        { stripePriceId: 'price_1', userIds: [owner.id, ann.id, bob.id], downgradeToFree: false },
      ],
      prorationDate: PRORATION_DATE,
    });
  });

  it('MEM-033 CHK-046 a proration date the server refuses (the preview outlived its lifetime) prices the change again: confirming again sends the new preview’s date', async () => {
    const message = 'prorationDate is older than its price preview may be: preview the price again';
    const later = PRORATION_DATE + 7_200;
    const { user, router, server } = await open(fromUsers([bob.id]), {
      routes: {
        [r.priceV1]: [
          json(200, changePreview(1_500)),
          json(200, { ...changePreview(1_400), prorationDate: later }),
        ],
        [updateRoute]: [
          json(400, {
            error: { code: 'validation_failed', message, fields: { 'body.prorationDate': message } },
          }),
          json(200, live),
        ],
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Confirm the change' }));
    await waitFor(() => expect(server.calls(r.priceV1)).toHaveLength(2));
    expect(
      await screen.findByText(
        '$14.00 is charged today, pro-rated for the 200 days left in your billing cycle.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm the change' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${proSpace.urlPrefix}/space/users`));
    expect(
      server.calls(updateRoute).map((call) => (call.body as { prorationDate: number }).prorationDate),
    ).toEqual([PRORATION_DATE, later]);
  });

  it('CHK-081 CHK-082 nothing changed: no checkout; a paid user made free is a downgrade at renewal', async () => {
    const { user, server } = await open(fromUsers([owner.id]), {
      routes: { [r.priceV1]: json(200, { ...changePreview(0), subtotal: 6_000 }) },
    });
    await screen.findByRole('radiogroup', { name: 'Ann' });
    expect(screen.getByText('Choose who is paid: nothing has changed yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm the change' })).toBeDisabled();
    await user.click(within(row('Ann')).getByRole('radio', { name: 'Free' }));
    expect(await screen.findByText('Free from the next renewal')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Downgrade your plan' })).toBeInTheDocument();
    expect(screen.getByText('Your changes apply at renewal.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm the change' }));
    await waitFor(() => expect(server.calls(updateRoute)).toHaveLength(1));
    expect(server.calls(updateRoute)[0]?.body).toMatchObject({
      workspaceUserPlans: expect.arrayContaining([
        { stripePriceId: 'price_1', userIds: [ann.id], downgradeToFree: true },
      ]),
    });
  });

  it('CHK-085 CHK-087 a user paid elsewhere cannot be made paid; the owner alone cannot be made free', async () => {
    const loneOwner = { ...ann, isPaid: false, plan: 'FREE' as const };
    await open(fromUsers([eve.id]), { members: [owner, loneOwner, eve] });
    const eveRow = within(await screen.findByRole('radiogroup', { name: 'Eve' }));
    expect(eveRow.getByRole('radio', { name: 'Paid' })).toBeDisabled();
    expect(eveRow.getByRole('radio', { name: 'Free' })).toBeChecked();
    expect(screen.getByText('User is already a paid user in another space.')).toBeInTheDocument();
    expect(within(row('Olivia')).getByRole('radio', { name: 'Free' })).toBeDisabled();
  });

  it('CHK-088 a downgrade the server refuses (cannot_downgrade) shows the cannot-downgrade page', async () => {
    const { user, router } = await open(fromUsers([owner.id]), {
      routes: {
        [r.priceV1]: json(200, changePreview(0)),
        [updateRoute]: apiError(409, 'cannot_downgrade'),
      },
    });
    await user.click(
      within(await screen.findByRole('radiogroup', { name: 'Ann' })).getByRole('radio', { name: 'Free' }),
    );
    const confirm = screen.getByRole('button', { name: 'Confirm the change' });
    await waitFor(() => expect(confirm).toBeEnabled());
    await user.click(confirm);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`${proSpace.urlPrefix}/checkout/cannot-downgrade`),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You cannot downgrade. At least one user must be paid as long as a subscription is active.',
    );
  });
});

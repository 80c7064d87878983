import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browserLocation } from '../../../lib/browser-location';
import { env } from '../../../config/env';
import { currentUser } from '../../../testing/auth-fixtures';
import { apiError, json } from '../../../testing/fake-server';
import { workspaceDetails } from '../../../testing/space-fixtures';
import { configureInstall, NOTHING_CONFIGURED } from '../../../testing/install-content';
import { realTrigger } from '../../../testing/load-on-intent';
import {
  acme,
  acmeEurope,
  billingRoutes,
  domainOwner,
  freeSpace,
  legacyTeam,
  openBilling,
  premiumEur,
  subscription,
} from '../../../testing/billing-test-kit';

const section = (name: string | RegExp) => screen.findByRole('region', { name });

describe('Billing page: the current plan', () => {
  it('ROUTE-032 BILL-007 BILL-012 BILL-034 BILL-035 BILL-037 PRICE-005 shows Acme Sales: Pro, seats used, the yearly USD price and the renewal', async () => {
    const { server, routes } = await openBilling();
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Billing \|/));
    const card = within(await section('Current plan: Pro'));
    expect(card.getByText('9 of 15 seats used')).toBeInTheDocument();
    expect(card.getByText('$900.00 / year')).toBeInTheDocument();
    expect(card.getByText('Renews on January 1st, 2026')).toBeInTheDocument();
    expect(card.queryByText('Total due')).not.toBeInTheDocument();
    const [call] = server.calls(routes.subscriptions);
    expect(call?.url.searchParams.get('includePlans')).toBe('true');
    expect(call?.url.searchParams.get('retrieveAdditionalStripeInfo')).toBe('true');
  });

  it('PRICE-002 PRICE-003 PRICE-004 PRICE-005 PRICE-006 BILL-012 a Premium in EUR with 21 % tax shows the tax lines and when it ends', async () => {
    await openBilling({ space: acmeEurope, subscriptions: [premiumEur] });
    const card = within(await section('Current plan: Premium'));
    expect(card.getByText('290.40 € / year')).toBeInTheDocument();
    expect(card.getByText('Total without taxes').nextSibling).toHaveTextContent('240.00 €');
    expect(card.getByText('Taxes (21%)').nextSibling).toHaveTextContent('50.40 €');
    expect(card.getByText('Total due').nextSibling).toHaveTextContent('290.40 €');
    expect(card.getByText('Billed annually')).toBeInTheDocument();
    expect(card.getByText('Ends on January 1st, 2026')).toBeInTheDocument();
  });

  it('BILL-013 BILL-036 a scheduled billing-cycle change names its date, its price and the new interval', async () => {
    const scheduled = subscription({
      scheduledChanges: {
        targetBillingInterval: 'MONTHLY',
        changeTimestamp: String(Date.UTC(2026, 0, 1, 12)),
      },
      additionalStripeInfo: {
        ...subscription().additionalStripeInfo!,
        upcomingInvoice: { amountDue: 7_500 },
      },
    });
    await openBilling({ subscriptions: [scheduled] });
    const card = within(await section('Current plan: Pro'));
    expect(card.getByText('Starting January 1st, 2026: $75.00 / month, billed monthly')).toBeInTheDocument();
  });

  it('BILL-010 BILL-038 a support-given Pro is a custom plan with a Contact sales mail link', async () => {
    await openBilling({ subscriptions: [subscription({ paymentSource: 'SUPPORT' })] });
    const card = within(await section('Current plan: Custom'));
    expect(card.getByRole('link', { name: 'Contact sales' })).toHaveAttribute('href', env.supportUrl);
    expect(card.queryByText('$900.00 / year')).not.toBeInTheDocument();
  });

  it('BILL-009 BILL-040 a legacy space in the per-seat model shows its legacy plan and the new Pro plan card', async () => {
    await openBilling({ space: legacyTeam, subscriptions: [] });
    expect(await section('Current plan: Team (legacy)')).toBeInTheDocument();
    const offer = within(await section('Get the new Pro plan'));
    expect(offer.getByRole('link', { name: 'Upgrade' })).toHaveAttribute(
      'href',
      `${legacyTeam.urlPrefix}/checkout/details`,
    );
  });
});

describe('Billing page: free and canceled spaces', () => {
  it('BILL-011 BILL-008 BILL-042 PRICE-007 PRICE-026 a free domain space shows the free card and the Pro Google Workspace price per month, billed annually', async () => {
    await openBilling({ space: freeSpace, subscriptions: [] });
    const free = within(await section('Current plan: Free'));
    expect(free.getByText('Mass send')).toBeInTheDocument();
    expect(free.getByText('Tracking')).toBeInTheDocument();
    const card = within(await section('Pro Google Workspace'));
    // 60 USD a year from the ACTIVE USD yearly plan; the archived, EUR and monthly prices are not read.
    expect(card.getByText('$5.00')).toBeInTheDocument();
    expect(card.getByText('/ month')).toBeInTheDocument();
    expect(card.getByText('$60.00 billed annually')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Upgrade' })).toHaveAttribute(
      'href',
      `${freeSpace.urlPrefix}/checkout/details`,
    );
  });

  it('BILL-008 PRICE-017 a Gmail owner buys Pro Gmail from Billing information; a space outside the seat model from the older checkout', async () => {
    const gmailOwner = currentUser({ isPerSeat: true, userWorkspaces: [freeSpace] });
    await openBilling({ space: freeSpace, subscriptions: [], user: gmailOwner });
    const card = within(await section('Pro Gmail'));
    expect(card.getByText('$3.00')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Upgrade' })).toHaveAttribute(
      'href',
      `${freeSpace.urlPrefix}/checkout/information?plan=PRO&interval=YEARLY`,
    );
  });

  it('BILL-008 ROUTE-029 a space outside the seat model buys from the older checkout', async () => {
    await openBilling({
      space: freeSpace,
      subscriptions: [],
      user: domainOwner([freeSpace], { isPerSeat: false }),
    });
    expect(
      within(await section('Pro Google Workspace')).getByRole('link', { name: 'Upgrade' }),
    ).toHaveAttribute('href', `${freeSpace.urlPrefix}/checkout?plan=PRO&interval=YEARLY`);
  });

  it('BILL-017 BILL-003 BILL-001 when every subscription is canceled, the free card offers to purchase a new one (show-plans=1)', async () => {
    const canceled = [
      subscription({ subscriptionStatus: 'CANCELED' }),
      subscription({ subscriptionId: 'sub-0', subscriptionStatus: 'CANCELED' }),
    ];
    const { user, router } = await openBilling({ subscriptions: canceled });
    const free = within(await section('Current plan: Free'));
    expect(free.getByText(/Your subscription has been canceled\./)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Pro Google Workspace' })).not.toBeInTheDocument();
    const link = free.getByRole('link', { name: 'Purchase a new subscription' });
    expect(link).toHaveAttribute('href', `${acme.urlPrefix}/space/billing?show-plans=1`);
    await user.click(link);
    expect(await section('Pro Google Workspace')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?show-plans=1');
  });
});

describe('Billing page: loading, errors and access', () => {
  it('BILL-005 shows a spinner while the subscriptions load', async () => {
    let answer = (_: Response) => {};
    const held = new Promise<Response>((resolve) => (answer = resolve));
    await openBilling({ routes: { [billingRoutes(acme).subscriptions]: () => held } });
    await screen.findByRole('heading', { level: 1, name: 'Billing' });
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    answer(json(200, { items: [subscription()] }));
    expect(await section('Current plan: Pro')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('BILL-005 a failed load says so and can be tried again', async () => {
    // The payment alerts read the same list: it fails for both until the server is back.
    let back = false;
    const { user, server, routes } = await openBilling({
      routes: {
        [billingRoutes(acme).subscriptions]: () =>
          back ? json(200, { items: [subscription()] }) : apiError(500, 'internal_error'),
      },
    });
    expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
    const failures = server.calls(routes.subscriptions).length;
    back = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await section('Current plan: Pro')).toBeInTheDocument();
    expect(server.calls(routes.subscriptions)).toHaveLength(failures + 1);
  });

  it('PERM-010 BILL-021 without billing access (an admin of a per-seat space) the page is left and no subscription is asked for', async () => {
    const admin = { ...acme, userRole: 'ADMIN' as const };
    const { router, server, routes } = await openBilling({ space: admin, user: domainOwner([admin]) });
    await waitFor(() => expect(router.state.location.pathname).not.toContain('/space/billing'));
    expect(server.calls(routes.subscriptions)).toHaveLength(0);
  });

  it('BILL-016 opened with from=users it leads back to the Users page', async () => {
    await openBilling({ query: '?from=users' });
    expect(await screen.findByRole('link', { name: 'Back to users' })).toHaveAttribute(
      'href',
      `${acme.urlPrefix}/space/users`,
    );
  });
});

describe('Billing page: the query', () => {
  it('BILL-004 a plan for the other account type goes to /wrong-plan with the query', async () => {
    const { router } = await openBilling({ query: '?plan=pro-gmail&interval=YEARLY' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/wrong-plan'));
    expect(router.state.location.search).toBe('?plan=pro-gmail&interval=YEARLY');
    expect(
      await screen.findByRole('heading', {
        name: 'You are trying to purchase a Pro Gmail plan with owner@acme.example',
      }),
    ).toBeInTheDocument();
  });

  it('BILL-006 BILL-028 BILL-029 C7 C8 a return from the hosted checkout (status=success, workspaceUsers) shows the purchase banner', async () => {
    await openBilling({
      query:
        '?status=success&from=FREE&to=PRO&fromInterval=YEARLY&toInterval=YEARLY&gmailUsers=0&workspaceUsers=15',
    });
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Thank you for your purchase!');
    expect(banner).toHaveTextContent('Your space is now on the Pro plan with 15 seats, billed annually.');
  });

  it('BILL-006 BILL-029 C7 C9 a seat purchase of 100 returns with checkout=success and keeps its banner', async () => {
    await openBilling({ query: '?checkout=success&addedSeats=100' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You successfully added 100 seats to your subscription.',
    );
  });

  it('BILL-029 a seat decrease returns with its own banner', async () => {
    await openBilling({ query: '?checkout=success&removedSeats=2' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '2 seats will be removed from your subscription at its next renewal.',
    );
  });

  it('BILL-006 CHK-064 back from the hosted checkout with its session id, the purchase is synced first, then the space shows Pro with the banner', async () => {
    const before = domainOwner([freeSpace]);
    const proSpace = { ...freeSpace, workspacePlan: 'PRO' as const, userPlan: 'PRO' as const };
    const after = domainOwner([proSpace]);
    const bought = subscription({ workspaceId: freeSpace.workspaceId });
    const sync = `POST /api/workspace-billing/workspaces/${freeSpace.workspaceId}/stripe/checkout/v1/session/cs_test_1/sync`;
    // The server knows the purchase once the return has been synced, not before.
    let synced = false;
    const { router, server } = await openBilling({
      space: freeSpace,
      user: before,
      subscriptions: [],
      query:
        '?status=success&from=FREE&to=PRO&toInterval=YEARLY&gmailSeats=0&workspaceSeats=5&session_id=cs_test_1',
      routes: {
        'GET /api/v2/users/me': () => json(200, synced ? after : before),
        [`GET /api/v1/workspaces/${freeSpace.workspaceId}`]: () =>
          json(200, synced ? workspaceDetails(proSpace, {}, after) : workspaceDetails(freeSpace, {}, before)),
        [billingRoutes(freeSpace).subscriptions]: () => json(200, { items: synced ? [bought] : [] }),
        [sync]: () => {
          synced = true;
          return json(200, { status: 'complete', subscriptionId: 'sub-1' });
        },
      },
    });
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Your space is now on the Pro plan with 5 seats, billed annually.');
    expect(server.calls(sync)).toHaveLength(1);
    expect(router.state.location.search).not.toContain('session_id');
    expect(await section('Current plan: Pro')).toBeInTheDocument();
  });

  it('BILL-030 a return to a space still on FREE goes to plain billing', async () => {
    const { router } = await openBilling({
      space: freeSpace,
      subscriptions: [],
      query: '?status=success&from=FREE&to=PRO&workspaceSeats=5',
    });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await section('Current plan: Free')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['?checkout=success&addedSeats=101', 'BILL-031 C9 a seat count above 100'],
    ['?checkout=success&removedSeats=0', 'BILL-031 a seat count of 0'],
    ['?status=success&from=FREE&to=PRO&gmailSeats=1&workspaceSeats=4', 'BILL-032 both seat kinds'],
    ['?status=success&from=FREE&to=PRO&gmailSeats=2&workspaceSeats=0', 'BILL-032 two Gmail seats'],
  ])('%s (%s) goes to plain billing without a banner', async (query) => {
    const { router } = await openBilling({ query });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await section('Current plan: Pro')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('BILL-026 both plan and interval differing from the subscription redirect with checkout-error', async () => {
    const { router } = await openBilling({ query: '?plan=PREMIUM&interval=MONTHLY' });
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?checkout-error=cannot-update-subscription-plan-and-interval',
      ),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You cannot change your plan and your billing cycle at the same time.',
    );
  });

  it('BILL-027 an interval change while a subscription schedule exists redirects with checkout-error', async () => {
    const { router } = await openBilling({
      query: '?interval=MONTHLY',
      subscriptions: [subscription({ stripeSubscriptionScheduleId: 'sub_sched_1' })],
    });
    await waitFor(() =>
      expect(router.state.location.search).toBe('?checkout-error=cannot-change-billing-cycle-when-scheduled'),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You cannot change your billing cycle while a change to your subscription is already scheduled.',
    );
  });

  it('BILL-002 choosing another space in the space menu leaves the checkout parameters behind', async () => {
    const user = domainOwner([acme, acmeEurope]);
    const { user: person, router } = await openBilling({ user, query: '?checkout=success&addedSeats=2' });
    expect(await screen.findByRole('alert')).toHaveTextContent('You successfully added 2 seats');
    await person.click(await realTrigger(person, () => screen.getByRole('button', { name: /Space menu$/ })));
    await person.click(await screen.findByRole('menuitem', { name: /Acme Europe/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${acmeEurope.urlPrefix}/space/general`));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('heading', { level: 1, name: 'General settings' })).toBeInTheDocument();
    expect(screen.queryByText(/You successfully added/)).not.toBeInTheDocument();
  });
});

describe('Billing page: managing the subscription', () => {
  const SUB_ID = '5f0c6a52-7a4e-4d7e-9b57-0d3b1c9a0002';
  const updateRoute = `PUT /api/workspace-billing/workspaces/${acme.workspaceId}/subscriptions/v1/${SUB_ID}`;
  const portalRoute = `GET /api/workspace-billing/workspaces/${acme.workspaceId}/stripe/customer/v1/portal`;
  const scheduled = subscription({
    subscriptionId: SUB_ID,
    stripeSubscriptionScheduleId: 'sub_sched_1',
    scheduledChanges: { targetBillingInterval: 'MONTHLY', changeTimestamp: String(Date.UTC(2026, 0, 1, 12)) },
    additionalStripeInfo: { ...subscription().additionalStripeInfo!, upcomingInvoice: { amountDue: 7_500 } },
  });

  it('BILL-033 Manage billing opens the customer portal with this page as the way back', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const { user, server } = await openBilling({
      routes: {
        [portalRoute]: json(200, { stripeCustomerPortalUrl: 'http://localhost/sandbox/portal/bps_1' }),
      },
    });
    const card = within(await section('Current plan: Pro'));
    await user.click(card.getByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/sandbox/portal/bps_1'));
    expect(server.calls(portalRoute)[0]?.url.searchParams.get('returnUrl')).toBe(window.location.href);
  });

  it('BILL-033 a portal that cannot open says so', async () => {
    const { user } = await openBilling({ routes: { [portalRoute]: apiError(409, 'portal_not_available') } });
    await user.click(
      within(await section('Current plan: Pro')).getByRole('button', { name: 'Manage billing' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again later.',
    );
  });

  it.each([
    ['OFFLINE', 'Current plan: Offline'],
    ['SUPPORT', 'Current plan: Custom'],
  ] as const)('BILL-033 PERM-020 a %s subscription has no Manage billing', async (paymentSource, title) => {
    await openBilling({ subscriptions: [subscription({ paymentSource })] });
    expect(await section(title)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Manage billing' })).not.toBeInTheDocument();
  });

  it('BILL-013 BILL-014 (cancel this change) asks first, then cancels the change and reads the subscription again', async () => {
    let cancelled = false;
    const { user, server, routes } = await openBilling({
      routes: {
        [billingRoutes(acme).subscriptions]: () =>
          json(200, {
            items: [
              cancelled
                ? { ...scheduled, scheduledChanges: null, stripeSubscriptionScheduleId: null }
                : scheduled,
            ],
          }),
        [updateRoute]: () => {
          cancelled = true;
          return json(200, { ...scheduled, scheduledChanges: null });
        },
      },
    });
    const card = within(await section('Current plan: Pro'));
    expect(
      card.getByText(/Starting January 1st, 2026: \$75\.00 \/ month, billed monthly/),
    ).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: '(cancel this change)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the change of your billing cycle?' });
    await user.click(within(dialog).getByRole('button', { name: 'No, keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls(updateRoute)).toHaveLength(0);

    await user.click(card.getByRole('button', { name: '(cancel this change)' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, cancel the change' }));
    await waitFor(() => expect(screen.queryByText(/Starting January 1st, 2026/)).not.toBeInTheDocument());
    expect(server.calls(updateRoute)[0]?.body).toEqual({ cancelScheduledBillingIntervalChange: true });
    expect(server.calls(routes.subscriptions).length).toBeGreaterThan(1);
  });

  it('BILL-015 ALERT-009 a failed cancel shows Something went wrong. / Please try again later., which cannot be closed', async () => {
    const { user } = await openBilling({
      subscriptions: [scheduled],
      routes: { [updateRoute]: apiError(502, 'payment_provider_error') },
    });
    const card = within(await section('Current plan: Pro'));
    await user.click(card.getByRole('button', { name: '(cancel this change)' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, cancel the change' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong.');
    expect(alert).toHaveTextContent('Please try again later.');
    expect(within(alert).queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
    expect(card.getByText(/Starting January 1st, 2026/)).toBeInTheDocument();
  });

  it('CHK-044 a yearly subscription outside the seat model can switch to monthly billing; none while a change waits', async () => {
    const older = domainOwner([acme], { isPerSeat: false });
    const { unmount } = await openBilling({ user: older });
    expect(
      within(await section('Current plan: Pro')).getByRole('link', { name: 'Switch to monthly billing' }),
    ).toHaveAttribute('href', `${acme.urlPrefix}/checkout?change-billing-cycle=1`);
    unmount();
    await openBilling({ user: older, subscriptions: [scheduled] });
    await section('Current plan: Pro');
    expect(screen.queryByRole('link', { name: /Switch to/ })).not.toBeInTheDocument();
  });
});

describe('Billing page: where Premium is had (issue 24 item 7)', () => {
  it('UNSUB-014 BOUNCE-013 CHK-042 a per-seat Pro space is told to contact support, with no button that would sell it Pro', async () => {
    await openBilling();
    const premium = within(await section('Premium'));
    expect(premium.getByText('Unsubscriptions shared across the space')).toBeInTheDocument();
    expect(premium.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', env.supportUrl);
    expect(premium.getByText(/Seats are sold on the Pro plan\./)).toHaveTextContent(
      'Seats are sold on the Pro plan. Contact support to move this space to Premium.',
    );
    expect(premium.queryByRole('link', { name: /Upgrade/ })).not.toBeInTheDocument();
  });

  it('an install with no support address says who can move the space instead', async () => {
    configureInstall(NOTHING_CONFIGURED);
    await openBilling();
    const premium = within(await section('Premium'));
    expect(
      premium.getByText(
        'Seats are sold on the Pro plan. To move this space to Premium, ask the people who run this Mergeboard.',
      ),
    ).toBeInTheDocument();
    expect(premium.queryByRole('link')).not.toBeInTheDocument();
  });

  it('CHK-043 a space outside the seat model buys Premium through the older checkout', async () => {
    await openBilling({ user: domainOwner([acme], { isPerSeat: false }) });
    expect(
      within(await section('Premium')).getByRole('link', { name: 'Upgrade to Premium' }),
    ).toHaveAttribute('href', `${acme.urlPrefix}/checkout?plan=PREMIUM&interval=YEARLY`);
  });

  it('PERM-033 a Premium space, or one whose rollout restricts Premium, is shown no Premium card', async () => {
    const { unmount } = await openBilling({ space: acmeEurope, subscriptions: [premiumEur] });
    await section('Current plan: Premium');
    expect(screen.queryByRole('region', { name: 'Premium' })).not.toBeInTheDocument();
    unmount();
    await openBilling({
      routes: {
        [`GET /api/v1/workspaces/${acme.workspaceId}`]: json(
          200,
          workspaceDetails(acme, { restrictions: ['PREMIUM_PLAN'] }),
        ),
      },
    });
    await section('Current plan: Pro');
    expect(screen.queryByRole('region', { name: 'Premium' })).not.toBeInTheDocument();
  });
});

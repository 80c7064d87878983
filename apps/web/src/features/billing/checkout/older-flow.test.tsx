import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browserLocation } from '../../../lib/browser-location';
import { currentUser } from '../../../testing/auth-fixtures';
import { apiError, json } from '../../../testing/fake-server';
import { spaceEntry, spaceMember } from '../../../testing/space-fixtures';
import {
  checkoutRoutes,
  domainOwner,
  freeSpace,
  HOSTED_URL,
  liveSubscription,
  openCheckout,
  previewFor,
  summaryValue,
} from '../../../testing/checkout-test-kit';

const olderOwner = (space = freeSpace) => domainOwner([space], { isPerSeat: false });
const proSpace = spaceEntry(5, 'Acme Pro', { userRole: 'OWNER', workspacePlan: 'PRO', userPlan: 'PRO' });
const premiumSpace = spaceEntry(6, 'Acme Premium', {
  userRole: 'OWNER',
  workspacePlan: 'PREMIUM',
  userPlan: 'PRO',
});
const legacySpace = (n: number, legacyPlanType: 'TEAM' | 'PERSONAL') =>
  spaceEntry(n, `Legacy ${legacyPlanType}`, {
    userRole: 'OWNER',
    workspacePlan: 'LEGACY',
    legacyPlanType,
    userPlan: 'PRO',
    workspaceStatus: 'LEGACY',
  });
const paidTeam = [
  spaceMember({ name: 'Olivia', email: 'owner@acme.example', role: 'OWNER' }),
  spaceMember({ name: 'Ann' }),
];
const stepsShown = () =>
  within(screen.getByRole('list', { name: 'Checkout steps' }))
    .getAllByRole('listitem')
    .map((step) => step.textContent);
const VALID_FORM = {
  country: 'US',
  isBusinessPurchase: false,
  vatNumber: '',
  companyName: '',
  name: 'Olivia Bennett',
  street: '1 Main St',
  city: 'Austin',
  state: '',
  code: '',
};

describe('Older checkout: purchase', () => {
  it('CHK-031 CHK-037 CHK-006 a FREE space with several users starts at Billing options, then Billing information', async () => {
    const { user, router } = await openCheckout('/checkout?plan=PRO&interval=YEARLY', { user: olderOwner() });
    await screen.findByRole('radiogroup', { name: 'Are you buying just for yourself or for a team?' });
    expect(stepsShown()).toEqual(['1Billing options', '2Billing information', '3Checkout']);
    const next = screen.getByRole('button', { name: 'Next: Billing information' });
    await waitFor(() => expect(next).toBeEnabled());
    await user.click(next);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`${freeSpace.urlPrefix}/checkout/information`),
    );
  });

  it('CHK-013 CHK-031 with a single user the options step is skipped', async () => {
    const { router } = await openCheckout('/checkout?plan=PRO&interval=YEARLY', {
      user: olderOwner(),
      details: { memberCount: 1 },
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`${freeSpace.urlPrefix}/checkout/information`),
    );
    expect(router.state.historyAction).toBe('REPLACE');
    await screen.findByRole('button', { name: 'Next: Checkout' });
    expect(stepsShown()).toEqual(['1Billing information', '2Checkout']);
  });

  it('CHK-024 without plan and interval the older flow’s information goes to {prefix}/checkout', async () => {
    const { router } = await openCheckout('/checkout/information', { user: olderOwner() });
    await waitFor(() => expect(router.state.location.pathname).toBe(`${freeSpace.urlPrefix}/checkout`));
  });

  it('CHK-036 a Gmail-type user reaching the older checkout or the summary goes to billing', async () => {
    const pat = currentUser({ isPerSeat: false, userWorkspaces: [freeSpace] });
    const first = await openCheckout('/checkout?plan=PRO&interval=YEARLY', { user: pat });
    await waitFor(() =>
      expect(first.router.state.location.pathname).toBe(`${freeSpace.urlPrefix}/space/billing`),
    );
    first.unmount();
    const second = await openCheckout('/checkout/summary?plan=PRO&interval=YEARLY', {
      user: currentUser({ isPerSeat: true, userWorkspaces: [freeSpace] }),
    });
    await waitFor(() =>
      expect(second.router.state.location.pathname).toBe(`${freeSpace.urlPrefix}/space/billing`),
    );
  });

  it('CHK-043 monthly is accepted unless the MONTHLY_BILLING restriction is in force', async () => {
    const { server, routes, unmount } = await openCheckout('/checkout?plan=PREMIUM&interval=MONTHLY', {
      user: olderOwner(),
    });
    await waitFor(() =>
      expect(server.calls(routes.priceV2).at(-1)?.body).toMatchObject({
        billingInterval: 'MONTHLY',
        workspacePlan: 'PREMIUM',
      }),
    );
    unmount();
    await openCheckout('/checkout?plan=PRO&interval=MONTHLY', {
      user: olderOwner(),
      details: { restrictions: ['MONTHLY_BILLING'] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred.');
  });

  it('CHK-042 the seat flow refuses any other plan than PRO yearly', async () => {
    const { router } = await openCheckout('/checkout/information?plan=PREMIUM&interval=YEARLY');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`${freeSpace.urlPrefix}/checkout/details`),
    );
  });
});

describe('Older checkout: the summary', () => {
  it('CHK-025 CHK-066 a purchase reviews the order and checks out with the previewed plans (v1 session)', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    window.sessionStorage.setItem('mb.checkout.form', JSON.stringify(VALID_FORM));
    window.sessionStorage.setItem('mb.checkout.seats', '5');
    const { user, server, routes } = await openCheckout('/checkout/summary?plan=PRO&interval=YEARLY', {
      user: olderOwner(),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Review your order' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Checkout steps' }))
        .getByText('Checkout')
        .closest('li'),
    ).toHaveAttribute('aria-current', 'step');
    await waitFor(() => expect(summaryValue('Total')).toBe('$240.00'));
    await user.click(screen.getByRole('button', { name: 'Next: Checkout' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(HOSTED_URL));
    expect(server.calls(routes.sessionV1)[0]?.body).toMatchObject({
      customerName: 'Olivia Bennett',
      stripePlans: [{ stripePriceId: 'price_pro_yearly_usd', quantity: 5 }],
    });
  });

  it('CHK-026 a summary reached from the Users page goes back there', async () => {
    await openCheckout('/checkout/summary?plan=PRO&interval=YEARLY&from=users', { user: olderOwner() });
    await screen.findByRole('heading', { level: 1, name: 'Review your order' });
    expect(await screen.findByRole('link', { name: 'Back' })).toHaveAttribute(
      'href',
      `${freeSpace.urlPrefix}/space/users`,
    );
  });

  it('CHK-077 a failed summary says so with the way to support', async () => {
    await openCheckout('/checkout/summary?plan=PRO&interval=YEARLY', {
      user: olderOwner(),
      routes: { [checkoutRoutes(freeSpace).priceV2]: apiError(502, 'payment_provider_error') },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred. Please try again, if error persist contact our support',
    );
    expect(screen.getByRole('link', { name: 'Contact support' })).toBeInTheDocument();
  });
});

describe('Older checkout: changes of a live subscription', () => {
  it('CHK-039 CHK-032 CHK-014 CHK-006 PREMIUM to PRO is a DOWNGRADE: Billing options, then Review', async () => {
    const { user, router } = await openCheckout('/checkout?plan=PRO&interval=YEARLY', {
      space: premiumSpace,
      user: olderOwner(premiumSpace),
      routes: {
        [checkoutRoutes(premiumSpace).subscriptions]: json(200, { items: [liveSubscription(premiumSpace)] }),
        [checkoutRoutes(premiumSpace).members]: json(200, { items: paidTeam, total: paidTeam.length }),
      },
    });
    const next = await screen.findByRole('button', { name: 'Next: Review' });
    expect(stepsShown()).toEqual(['1Billing options', '2Review']);
    await waitFor(() => expect(next).toBeEnabled());
    await user.click(next);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`${premiumSpace.urlPrefix}/checkout/summary`),
    );
    expect(await screen.findByRole('heading', { name: 'Downgrade your plan' })).toBeInTheDocument();
    expect(screen.getByText('Review').closest('li')).toHaveAttribute('aria-current', 'step');
  });

  it('CHK-039 CHK-032 CHK-044 CHK-046 PRO to PREMIUM is an UPGRADE reviewed at once, charged pro-rated today', async () => {
    const prorated = {
      ...previewFor({ country: 'US', seatPlans: [{ quantity: 1 }] }),
      chargedToday: 1_234,
      proratedDays: 120,
      subtotal: 12_000,
    };
    const { router, server, routes } = await openCheckout('/checkout?plan=PREMIUM&interval=YEARLY', {
      space: proSpace,
      user: olderOwner(proSpace),
      routes: {
        [checkoutRoutes(proSpace).subscriptions]: json(200, {
          items: [liveSubscription(proSpace, { amount: 6_000 })],
        }),
        [checkoutRoutes(proSpace).priceV1]: json(200, prorated),
        [checkoutRoutes(proSpace).members]: json(200, { items: paidTeam, total: paidTeam.length }),
      },
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`${proSpace.urlPrefix}/checkout/summary`),
    );
    expect(await screen.findByRole('heading', { name: 'Upgrade your plan' })).toBeInTheDocument();
    expect(stepsShown()).toEqual(['1Review']);
    expect(
      screen.getByText('$12.34 is charged today, pro-rated for the 120 days left in your billing cycle.'),
    ).toBeInTheDocument();
    const preview = server.calls(routes.priceV1).at(-1);
    expect(preview?.url.searchParams.get('previewProratedChanges')).toBe('true');
    expect(preview?.body).toMatchObject({
      workspacePlan: 'PREMIUM',
      userUpdates: paidTeam.map((member) => ({ userId: member.id, userPlan: 'PRO' })),
    });
  });

  it('CHK-044 CHK-045 yearly to monthly is a cycle change that applies at the end of the cycle', async () => {
    await openCheckout('/checkout/summary?plan=PRO&interval=MONTHLY', {
      space: proSpace,
      user: olderOwner(proSpace),
      routes: {
        [checkoutRoutes(proSpace).subscriptions]: json(200, { items: [liveSubscription(proSpace)] }),
        [checkoutRoutes(proSpace).members]: json(200, { items: paidTeam, total: paidTeam.length }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Change your billing cycle' })).toBeInTheDocument();
    expect(
      screen.getByText('The change to monthly billing applies at the end of your current billing cycle.'),
    ).toBeInTheDocument();
  });

  it('CHK-046 without a charge today (PREMIUM to PRO) the change applies at renewal', async () => {
    const free = {
      ...previewFor({ country: 'US', seatPlans: [{ quantity: 1 }] }),
      chargedToday: 0,
      subtotal: 60_000,
    };
    await openCheckout('/checkout/summary?plan=PRO&interval=YEARLY', {
      space: premiumSpace,
      user: olderOwner(premiumSpace),
      routes: {
        [checkoutRoutes(premiumSpace).subscriptions]: json(200, { items: [liveSubscription(premiumSpace)] }),
        [checkoutRoutes(premiumSpace).priceV1]: json(200, free),
        [checkoutRoutes(premiumSpace).members]: json(200, { items: paidTeam, total: paidTeam.length }),
      },
    });
    expect(await screen.findByText('Your changes apply at renewal.')).toBeInTheDocument();
  });

  it('CHK-088 the cannot-downgrade page says why', async () => {
    await openCheckout('/checkout/cannot-downgrade', { user: olderOwner() });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You cannot downgrade. At least one user must be paid as long as a subscription is active.',
    );
  });
});

describe('Older checkout: legacy upgrades', () => {
  it('CHK-038 CHK-033 CHK-041 a legacy individual plan has no steps and is the server-error state on the seat page', async () => {
    const personal = legacySpace(7, 'PERSONAL');
    await openCheckout('/checkout?plan=PRO&interval=YEARLY', { space: personal, user: olderOwner(personal) });
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred.');
    expect(screen.queryByRole('list', { name: 'Checkout steps' })).not.toBeInTheDocument();
  });

  it('CHK-038 CHK-089 CHK-070 CHK-015 a legacy TEAM space of legal entity BE picks 1 to the allowed paid users, priced per user, and cannot go on', async () => {
    const team = legacySpace(8, 'TEAM');
    const members = [
      spaceMember({ name: 'Ann' }),
      spaceMember({ name: 'Bob' }),
      spaceMember({ name: 'Cem' }),
    ];
    const { user, router, server, routes } = await openCheckout('/checkout?plan=PRO&interval=YEARLY', {
      space: team,
      user: olderOwner(team),
      details: {
        workspaceFeatures: {
          FREE: { hasMultiDomain: false, allowedUserCount: 1 },
          PRO: { hasMultiDomain: false, allowedUserCount: 2 },
          PRO_PERSONAL: { hasMultiDomain: false, allowedUserCount: 1 },
        },
      },
      routes: {
        [checkoutRoutes(team).subscriptions]: json(200, {
          items: [liveSubscription(team, { legalEntity: 'BE' })],
        }),
        [checkoutRoutes(team).members]: json(200, { items: members, total: 3 }),
      },
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`${team.urlPrefix}/checkout/legacy/users`),
    );
    await user.click(await screen.findByRole('checkbox', { name: /Ann/ }));
    await waitFor(() => expect(summaryValue('Pro, 1 seat × $5.00 / month')).toBe('$60.00'));
    expect(server.calls(routes.priceV1).at(-1)?.body).toMatchObject({
      userUpdates: [{ userId: members[0]?.id, userPlan: 'PRO' }],
      upgradeLegacySubscription: true,
    });
    await user.click(screen.getByRole('checkbox', { name: /Bob/ }));
    await user.click(screen.getByRole('checkbox', { name: /Cem/ }));
    expect(screen.getByText('The number must be between 1 and 2.')).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Next: Billing information' });
    expect(next).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /Cem/ }));
    await waitFor(() => expect(next).toBeEnabled());
    await user.click(next);
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred.');
    expect(router.state.location.pathname).toBe(`${team.urlPrefix}/checkout/legacy/users`);
  });
});

import type { LatestInvoice, Subscription } from '@mergeboard/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browserLocation } from '../../../lib/browser-location';
import { json, type FakeRoutes } from '../../../testing/fake-server';
import { renderInSpace } from '../../../testing/space-fixtures';
import { acme, billingRoutes, domainOwner, freeSpace, subscription } from '../../../testing/billing-test-kit';

const SUB_ID = '5f0c6a52-7a4e-4d7e-9b57-0d3b1c9a0001';
const live = subscription({ subscriptionId: SUB_ID });
const PORTAL_URL = 'http://localhost/sandbox/portal/bps_1';
const INVOICE_URL = 'http://localhost/sandbox/invoices/in_1';

const invoiceRoute = (subId = SUB_ID) =>
  `GET /api/workspace-billing/workspaces/${acme.workspaceId}/subscriptions/v2/${subId}/latest-invoice/v1`;
const portalRoute = `GET /api/workspace-billing/workspaces/${acme.workspaceId}/stripe/customer/v1/portal`;

function invoice(overrides: Partial<LatestInvoice>): LatestInvoice {
  return {
    invoiceId: 'in_1',
    status: 'open',
    paid: false,
    currency: 'USD',
    amountDue: 90_000,
    amountPaid: 0,
    hostedInvoiceUrl: INVOICE_URL,
    paymentIntent: { status: 'requires_payment_method' },
    paymentState: 'PAYMENT_FAILED',
    ...overrides,
  };
}

const failed = invoice({});
const needsConfirmation = invoice({
  paymentIntent: { status: 'requires_action' },
  paymentState: 'REQUIRES_CONFIRMATION',
});

async function openPage({
  path = '/mail-merges/sent',
  space = acme,
  user = domainOwner([space]),
  subscriptions = [live],
  latest = failed,
  routes = {},
}: {
  path?: string;
  space?: typeof acme;
  user?: ReturnType<typeof domainOwner>;
  subscriptions?: Subscription[];
  latest?: LatestInvoice;
  routes?: FakeRoutes;
} = {}) {
  return renderInSpace(`${space.urlPrefix}${path}`, {
    user,
    routes: {
      [billingRoutes(space).subscriptions]: json(200, { items: subscriptions }),
      [billingRoutes(space).paymentPlans]: json(200, { items: [] }),
      [invoiceRoute(subscriptions[0]?.subscriptionId)]: json(200, latest),
      [portalRoute]: json(200, { stripeCustomerPortalUrl: PORTAL_URL }),
      ...routes,
    },
  });
}

const paymentAlert = (title: string) => screen.findByRole('alert', { name: title });

describe('payment alerts', () => {
  it('BILL-018 BILL-022 ALERT-013 a failed payment warns the owner on every page and leads to the customer portal', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const { user, server } = await openPage();
    const alert = within(await paymentAlert('Your last payment attempt failed'));
    expect(
      alert.getByText(
        'Your subscription is still active but will be suspended on January 1st, 2026 unless a successful payment is made.',
      ),
    ).toBeInTheDocument();
    await user.click(alert.getByRole('button', { name: 'Update your payment preferences' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PORTAL_URL));
    const [call] = server.calls(portalRoute);
    expect(call?.url.searchParams.get('returnUrl')).toBe(window.location.href);
  });

  it('BILL-019 BILL-023 a payment waiting for confirmation links to the invoice’s hosted page', async () => {
    await openPage({ latest: needsConfirmation });
    const alert = within(await paymentAlert('Your last payment attempt requires confirmation'));
    expect(alert.getByRole('link', { name: 'Confirm your payment' })).toHaveAttribute('href', INVOICE_URL);
  });

  it('BILL-020 a paid latest invoice shows no warning', async () => {
    const { server } = await openPage({
      latest: invoice({ paid: true, paymentIntent: { status: 'succeeded' }, paymentState: 'PAID' }),
    });
    await waitFor(() => expect(server.calls(invoiceRoute())).toHaveLength(1));
    await screen.findByRole('heading', { name: 'Mail merges' });
    expect(screen.queryByText(/Your last payment attempt/)).not.toBeInTheDocument();
  });

  it('BILL-024 an unknown end date reads --', async () => {
    await openPage({ subscriptions: [subscription({ subscriptionId: SUB_ID, endTimestamp: '0' })] });
    const alert = within(await paymentAlert('Your last payment attempt failed'));
    expect(
      alert.getByText(
        'Your subscription is still active but will be suspended on -- unless a successful payment is made.',
      ),
    ).toBeInTheDocument();
  });

  it('BILL-017 BILL-025 every subscription canceled on an unpaid invoice: all payment attempts failed, with the way to buy a new one', async () => {
    const canceled = subscription({
      subscriptionId: SUB_ID,
      workspaceId: freeSpace.workspaceId,
      subscriptionStatus: 'CANCELED',
      additionalStripeInfo: {
        ...subscription().additionalStripeInfo!,
        latestInvoice: {
          paid: false,
          hostedInvoiceUrl: null,
          paymentIntent: { status: 'requires_payment_method' },
        },
      },
    });
    const { user, router } = await openPage({
      space: freeSpace,
      path: '/space/billing',
      subscriptions: [canceled],
    });
    const alert = within(await paymentAlert('All payment attempts failed'));
    expect(alert.getByText('Your subscription has been canceled.')).toBeInTheDocument();
    await user.click(await alert.findByRole('link', { name: 'Purchase a new subscription' }));
    await waitFor(() => expect(router.state.location.search).toBe('?show-plans=1'));
  });

  it('ALERT-010 ALERT-011 in the older model (first variant) a dismissed alert stays dismissed, under its kind and subscription id', async () => {
    const olderModel = { user: domainOwner([acme], { isPerSeat: false }) };
    const first = await openPage(olderModel);
    const alert = within(await paymentAlert('Your last payment attempt failed'));
    await first.user.click(alert.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(screen.queryByText('Your last payment attempt failed')).not.toBeInTheDocument(),
    );
    expect(JSON.parse(window.localStorage.getItem('mb.dismissedAlerts') ?? '[]')).toEqual([
      `payment-failed:${SUB_ID}`,
    ]);
    first.unmount();

    // After a reload it stays closed; the same subscription waiting for a confirmation is another alert.
    const again = await openPage(olderModel);
    await waitFor(() => expect(again.server.calls(invoiceRoute())).toHaveLength(1));
    await screen.findByRole('heading', { name: 'Mail merges' });
    expect(screen.queryByText('Your last payment attempt failed')).not.toBeInTheDocument();
    again.unmount();
    await openPage({ ...olderModel, latest: needsConfirmation });
    expect(await paymentAlert('Your last payment attempt requires confirmation')).toBeInTheDocument();
  });

  it('ALERT-012 ALERT-014 in a per-seat space (second variant) the failed and waiting warnings cannot be closed while they hold, even if dismissed before', async () => {
    window.localStorage.setItem('mb.dismissedAlerts', JSON.stringify([`payment-failed:${SUB_ID}`]));
    const first = await openPage();
    const failedAlert = within(await paymentAlert('Your last payment attempt failed'));
    expect(failedAlert.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
    first.unmount();
    await openPage({ latest: needsConfirmation });
    const waiting = within(await paymentAlert('Your last payment attempt requires confirmation'));
    expect(waiting.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
  });

  it('ALERT-014 in a per-seat space an ADMIN is not shown the warnings and never asks for the subscriptions', async () => {
    const admin = { ...acme, userRole: 'ADMIN' as const };
    const { server } = await openPage({ space: admin, user: domainOwner([admin]) });
    await screen.findByRole('heading', { name: 'Mail merges' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(server.calls(billingRoutes(admin).subscriptions)).toHaveLength(0);
    expect(screen.queryByText('Your last payment attempt failed')).not.toBeInTheDocument();
  });

  it('ALERT-013 an ADMIN with billing access sees the warnings too (older model)', async () => {
    const admin = { ...acme, userRole: 'ADMIN' as const };
    await openPage({ space: admin, user: domainOwner([admin], { isPerSeat: false }) });
    expect(await paymentAlert('Your last payment attempt failed')).toBeInTheDocument();
  });

  it('ALERT-014 BILL-021 PERM-010 a MEMBER, or an ADMIN without billing access, never asks for the subscriptions', async () => {
    for (const userRole of ['MEMBER', 'ADMIN'] as const) {
      const space = { ...acme, userRole };
      const { server, unmount } = await openPage({ space, user: domainOwner([space]) });
      await screen.findByRole('heading', { name: 'Mail merges' });
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(server.calls(billingRoutes(space).subscriptions)).toHaveLength(0);
      expect(screen.queryByText('Your last payment attempt failed')).not.toBeInTheDocument();
      unmount();
    }
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, json } from '../../testing/fake-server';
import { pendingRemoval, removalRoutes } from '../../testing/seat-fixtures';
import { acme, openUsersPage, seatSummary } from '../../testing/members-test-kit';

const SUB = 'sub-1';
const removal = pendingRemoval(SUB);
const BANNER_TEXT = 'Your subscription is scheduled to go down to 10 seats on January 1st, 2026.';
const scheduledSeats = seatSummary({
  assignedSeats: 15,
  availableSeats: 0,
  scheduledRemoval: { targetSeatsQuantity: 10, removeSeatsAtTimestamp: removal.removeSeatsAtTimestamp },
});

describe('Users page: the scheduled seat removal', () => {
  it('SEAT-026 SEAT-028 the owner sees the target seats and date on the Users page, with a way to cancel', async () => {
    const r = removalRoutes(acme, SUB);
    const { server } = await openUsersPage({
      seats: scheduledSeats,
      routes: { [r.get]: json(200, removal) },
    });
    expect(await screen.findByText(BANNER_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel downgrade' })).toBeInTheDocument();
    expect(server.calls(r.get)[0]?.url.searchParams.get('status')).toBe('PENDING');
  });

  it('SEAT-026 SEAT-027 SEAT-028 (C1) an admin sees the banner too, and is told to contact the owner', async () => {
    const r = removalRoutes(acme, SUB);
    await openUsersPage({ role: 'ADMIN', seats: scheduledSeats, routes: { [r.get]: json(200, removal) } });
    const text = await screen.findByText(BANNER_TEXT);
    const banner = text.closest('[role="alert"]') as HTMLElement;
    expect(within(banner).queryByRole('button', { name: 'Cancel downgrade' })).not.toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'please contact the space owner' })).toHaveAttribute(
      'href',
      'mailto:owner@acme.example',
    );
  });

  it('SEAT-024 no lookup for a subscription paid through SUPPORT', async () => {
    const r = removalRoutes(acme, SUB);
    const supported = await openUsersPage({
      seats: seatSummary({ paymentSource: 'SUPPORT' }),
      routes: { [r.get]: json(200, removal) },
    });
    await waitFor(() =>
      expect(supported.server.calls(supported.routes.subscriptions).length).toBeGreaterThan(0),
    );
    await screen.findByText('9 of 15 seats used');
    expect(supported.server.calls(r.get)).toHaveLength(0);
    expect(screen.queryByText(BANNER_TEXT)).not.toBeInTheDocument();
  });

  it('SEAT-024 a 404 from the lookup is no scheduled removal', async () => {
    const r = removalRoutes(acme, SUB);
    const { server } = await openUsersPage({ routes: { [r.get]: apiError(404, 'not_found') } });
    await waitFor(() => expect(server.calls(r.get)).toHaveLength(1));
    expect(screen.queryByText('Seat downgrade scheduled')).not.toBeInTheDocument();
    expect(screen.queryByText('Something went wrong.')).not.toBeInTheDocument();
  });

  it('SEAT-029 the owner cancels in a dialog: it closes, the page says so and the banner goes', async () => {
    const r = removalRoutes(acme, SUB);
    const { user, server } = await openUsersPage({
      seats: scheduledSeats,
      routes: {
        [r.get]: [json(200, removal), apiError(404, 'not_found')],
        [r.cancel]: json(200, { ...removal, status: 'CANCELED' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel downgrade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the scheduled downgrade' });
    expect(within(dialog).getByText(BANNER_TEXT)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the downgrade' }));
    expect(
      await screen.findByText('You successfully cancelled the previously scheduled downgrade.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls(r.cancel)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText(BANNER_TEXT)).not.toBeInTheDocument());
  });

  it('SEAT-029 a failed cancel keeps the dialog open with the generic message', async () => {
    const r = removalRoutes(acme, SUB);
    const { user } = await openUsersPage({
      seats: scheduledSeats,
      routes: { [r.get]: json(200, removal), [r.cancel]: apiError(500, 'internal') },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel downgrade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the scheduled downgrade' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the downgrade' }));
    expect(await within(dialog).findByText('Something went wrong.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please try again later.')).toBeInTheDocument();
  });

  it('SEAT-030 MEM-044 Add members with a downgrade pending opens the cancel dialog on the billing page', async () => {
    const r = removalRoutes(acme, SUB);
    const { user, router, entry } = await openUsersPage({
      seats: scheduledSeats,
      routes: {
        [r.get]: [json(200, removal), apiError(404, 'not_found')],
        [r.cancel]: json(200, { ...removal, status: 'CANCELED' }),
        [`GET /api/workspace-billing/workspaces/${acme.workspaceId}/subscriptions/v1`]: json(200, {
          items: [],
        }),
      },
    });
    await screen.findByText(BANNER_TEXT);
    await user.click(screen.getByRole('button', { name: 'Add members' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the scheduled downgrade' });
    expect(router.state.location.pathname).toBe(`${entry.urlPrefix}/space/billing`);
    // The state asked once: it is gone, so Back or a reload does not open the dialog again.
    await waitFor(() => expect(router.state.location.state).toBeNull());
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the downgrade' }));
    expect(
      await screen.findByText('You successfully cancelled the previously scheduled downgrade.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to users' })).toHaveAttribute(
      'href',
      `${entry.urlPrefix}/space/users`,
    );
  });

  it('SEAT-024 SEAT-026 a member of the space neither looks the removal up nor sees a banner', async () => {
    const r = removalRoutes(acme, SUB);
    const { server, routes } = await openUsersPage({
      role: 'MEMBER',
      seats: scheduledSeats,
      routes: { [r.get]: json(200, removal) },
    });
    await screen.findByRole('heading', { name: 'Users' });
    expect(server.calls(r.get)).toHaveLength(0);
    expect(server.calls(routes.subscriptions)).toHaveLength(0);
    expect(screen.queryByText(BANNER_TEXT)).not.toBeInTheDocument();
  });
});

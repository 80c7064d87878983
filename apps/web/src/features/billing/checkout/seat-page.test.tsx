import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setViewportWidth } from '../../../testing/viewport';
import { json } from '../../../testing/fake-server';
import {
  checkoutRoutes,
  freeSpace,
  gmailOwner,
  openCheckout,
  previewFor,
  summaryValue,
} from '../../../testing/checkout-test-kit';

const next = (name: string | RegExp = 'Next: Billing information') => screen.getByRole('button', { name });
const seatsInput = () => screen.getByRole('textbox', { name: 'Number of seats' });

describe('Seat page (/checkout/details)', () => {
  it('CHK-001 CHK-006 CHK-016 CHK-028 CHK-034 asks who the seats are for, shows the numbered steps of a domain purchase, Billing details current', async () => {
    await openCheckout('/checkout/details');
    const question = await screen.findByRole('radiogroup', {
      name: 'Are you buying just for yourself or for a team?',
    });
    expect(within(question).getByRole('radio', { name: /For myself/ })).toBeChecked();
    expect(within(question).getByRole('radio', { name: /For a team/ })).not.toBeChecked();
    const steps = within(screen.getByRole('list', { name: 'Checkout steps' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      '1Billing details',
      '2Billing information',
      '3Checkout',
    ]);
    expect(steps[0]).toHaveAttribute('aria-current', 'step');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Upgrading Side Project' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(next()).toBeEnabled());
    // Outside the main layout: no sidebar navigation.
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('CHK-002 CHK-049 For myself is one seat, priced, and ready to go on', async () => {
    await openCheckout('/checkout/details');
    await waitFor(() => expect(next()).toBeEnabled());
    expect(screen.queryByRole('textbox', { name: 'Number of seats' })).not.toBeInTheDocument();
    expect(summaryValue('Pro, 1 seat × $5.00 / month')).toBe('$60.00');
    expect(summaryValue('Total')).toBe('$60.00');
    expect(screen.getByText('Billed annually')).toBeInTheDocument();
  });

  it('CHK-003 CHK-004 CHK-047 PRICE-010 For a team starts at 2 seats with the owner note; 7 seats earn 5SEATS and are carried to the next step', async () => {
    const { user, router, server, routes } = await openCheckout('/checkout/details');
    await user.click(await screen.findByRole('radio', { name: /For a team/ }));
    expect(seatsInput()).toHaveValue('2');
    expect(
      screen.getByText(
        /One seat is reserved for you, the owner\. You can assign the seats to members after the purchase\./,
      ),
    ).toBeInTheDocument();
    await user.clear(seatsInput());
    await user.type(seatsInput(), '7');
    await waitFor(() => expect(summaryValue('Pro, 7 seats × $5.00 / month')).toBe('$420.00'));
    expect(summaryValue('Volume discount (20% off)')).toBe('−$84.00');
    expect(summaryValue('Total')).toBe('$336.00');
    expect(server.calls(routes.priceV2).at(-1)?.body).toMatchObject({
      seatPlans: [{ userPlan: 'PRO', quantity: 7 }],
    });
    await user.click(next());
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`${freeSpace.urlPrefix}/checkout/information`),
    );
    expect(router.state.location.search).toBe('?plan=PRO&interval=YEARLY');
    expect(window.sessionStorage.getItem('mb.checkout.seats')).toBe('7');
  });

  it('CHK-007 CHK-008 CHK-009 CHK-010 CHK-005 the spinner keeps digits, refuses 1 and 101, steps with its buttons and shows the contact box at 100', async () => {
    const { user } = await openCheckout('/checkout/details');
    await user.click(await screen.findByRole('radio', { name: /For a team/ }));
    await user.clear(seatsInput());
    await user.type(seatsInput(), '1e-0.1');
    expect(seatsInput()).toHaveValue('101');
    expect(screen.getByText('The number must be between 2 and 100.')).toBeInTheDocument();
    expect(next()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove a seat' }));
    expect(seatsInput()).toHaveValue('100');
    expect(screen.queryByText('The number must be between 2 and 100.')).not.toBeInTheDocument();
    expect(screen.getByText('Contact us if you need more than 100 seats')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a seat' })).toBeDisabled();
    await user.type(seatsInput(), '{ArrowUp}');
    expect(seatsInput()).toHaveValue('100');
    await user.type(seatsInput(), '{ArrowDown}{ArrowDown}');
    expect(seatsInput()).toHaveValue('98');
    await user.type(seatsInput(), '{ArrowUp}{ArrowUp}');
    await waitFor(() => expect(next()).toBeEnabled());
    await user.clear(seatsInput());
    await user.paste('1');
    expect(screen.getByText('The number must be between 2 and 100.')).toBeInTheDocument();
    expect(next()).toBeDisabled();
  });

  it('CHK-011 with no seat count there are no price lines', async () => {
    const { user } = await openCheckout('/checkout/details');
    await user.click(await screen.findByRole('radio', { name: /For a team/ }));
    await waitFor(() => expect(screen.getByText(/Pro, 2 seats/)).toBeInTheDocument());
    await user.clear(seatsInput());
    expect(screen.queryByText(/Pro, \d+ seats?/)).not.toBeInTheDocument();
    expect(screen.queryByText('Total')).not.toBeInTheDocument();
  });

  it('CHK-010 Next waits for the price', async () => {
    let answer = (_: Response) => {};
    const held = new Promise<Response>((resolve) => (answer = resolve));
    await openCheckout('/checkout/details', { routes: { [checkoutRoutes(freeSpace).priceV2]: () => held } });
    await screen.findByRole('status', { name: 'Loading the price' });
    expect(next()).toBeDisabled();
    answer(json(200, previewFor({ country: 'US', seatPlans: [{ quantity: 1 }] })));
    await waitFor(() => expect(next()).toBeEnabled());
  });

  it('CHK-047 a stored seat count is used when the page opens again', async () => {
    window.sessionStorage.setItem('mb.checkout.seats', '12');
    await openCheckout('/checkout/details');
    expect(await screen.findByRole('textbox', { name: 'Number of seats' })).toHaveValue('12');
  });

  it('CHK-051 a malformed stored seat count is reported and the default 1 is used', async () => {
    const report = vi.spyOn(console, 'error').mockImplementation(() => {});
    window.sessionStorage.setItem('mb.checkout.seats', 'twelve');
    await openCheckout('/checkout/details');
    expect(await screen.findByRole('radio', { name: /For myself/ })).toBeChecked();
    expect(report).toHaveBeenCalledWith(expect.stringContaining('The stored seat quantity cannot be parsed'));
  });

  it('CHK-012 CHK-040 a Gmail-type user skips the seat page, replacing the history entry', async () => {
    const { router } = await openCheckout('/checkout/details', { user: gmailOwner(freeSpace) });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`${freeSpace.urlPrefix}/checkout/information`),
    );
    expect(router.state.location.search).toBe('?plan=PRO&interval=YEARLY');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('CHK-034 CHK-035 on a narrow screen only the current step shows; Back on the first step goes to billing', async () => {
    act(() => setViewportWidth(375));
    await openCheckout('/checkout/details');
    await screen.findByRole('radiogroup', { name: 'Are you buying just for yourself or for a team?' });
    expect(screen.queryByRole('list', { name: 'Checkout steps' })).not.toBeInTheDocument();
    expect(screen.getByText('Billing details')).toHaveAttribute('aria-current', 'step');
    expect(screen.queryByText('Billing information')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute(
      'href',
      `${freeSpace.urlPrefix}/space/billing`,
    );
  });
});

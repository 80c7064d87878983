import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { browserLocation } from '../../../lib/browser-location';
import { apiError, json } from '../../../testing/fake-server';
import { pageReload } from './page-reload';
import { PROVIDER_LINKS } from './components/provider-notice';
import {
  checkoutRoutes,
  freeSpace,
  gmailOwner,
  HOSTED_URL,
  openCheckout,
  summaryValue,
} from '../../../testing/checkout-test-kit';

const INFORMATION = '/checkout/information?plan=PRO&interval=YEARLY';
const field = (name: string | RegExp) => screen.getByRole('textbox', { name });
const submit = () => screen.getByRole('button', { name: 'Next: Checkout' });

async function fillConsumer(user: UserEvent) {
  await user.type(field('Name'), 'Olivia Bennett');
  await user.type(field('Street address'), '1 Main St');
  await user.type(field('City'), 'Austin');
}

async function chooseCountry(user: UserEvent, name: string) {
  await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), name);
}

describe('Billing information (/checkout/information)', () => {
  it('CHK-017 CHK-018 CHK-019 CHK-048 CHK-023 the title, the read-only domain with sign in, every field and the provider notice', async () => {
    await openCheckout(INFORMATION);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Upgrading Side Project' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Checkout steps' }))
        .getByText('Billing information')
        .closest('li'),
    ).toHaveAttribute('aria-current', 'step');
    const domain = field('Domain');
    expect(domain).toHaveValue('acme.example');
    expect(domain).toHaveAttribute('readonly');
    expect(screen.getByRole('link', { name: 'sign in' }).getAttribute('href')).toMatch(/^\/login\?continue=/);
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('US');
    for (const label of [
      'Company name',
      'Name',
      'Street address',
      'City',
      'State / Province (optional)',
      'Postal code (optional)',
    ]) {
      expect(field(label)).toBeInTheDocument();
    }
    // US is not in Europe: no business question.
    expect(
      screen.queryByRole('radiogroup', { name: 'Is this a business purchase?' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'terms of service' })).toHaveAttribute(
      'href',
      PROVIDER_LINKS.terms,
    );
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute(
      'href',
      PROVIDER_LINKS.privacy,
    );
    expect(screen.getByText(/Payments are processed by Stripe/)).toBeInTheDocument();
  });

  it('CHK-020 CHK-021 CHK-019 the business question shows for European countries, asks for the VAT ID, and resets to No on a new country', async () => {
    const { user } = await openCheckout(INFORMATION);
    await chooseCountry(user, 'Germany');
    const question = screen.getByRole('radiogroup', { name: 'Is this a business purchase?' });
    expect(within(question).getByRole('radio', { name: 'No' })).toBeChecked();
    expect(screen.queryByRole('textbox', { name: 'VAT ID' })).not.toBeInTheDocument();
    await user.click(within(question).getByRole('radio', { name: 'Yes' }));
    expect(field('VAT ID')).toBeInTheDocument();
    await chooseCountry(user, 'Norway');
    expect(
      within(screen.getByRole('radiogroup', { name: 'Is this a business purchase?' })).getByRole('radio', {
        name: 'No',
      }),
    ).toBeChecked();
    expect(screen.queryByRole('textbox', { name: 'VAT ID' })).not.toBeInTheDocument();
  });

  it('CHK-052 CHK-057 CHK-060 CHK-061 an empty form shows the required texts and sends nothing', async () => {
    const { user, server, routes } = await openCheckout(INFORMATION);
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    expect(screen.getByText('Name is a required field')).toBeInTheDocument();
    expect(field('Name')).toHaveFocus();
    expect(screen.getByText('Street is a required field')).toBeInTheDocument();
    expect(screen.getByText('City is a required field')).toBeInTheDocument();
    await user.type(field('City'), 'A');
    expect(screen.getByText('City is a required field')).toBeInTheDocument();
    expect(server.calls(routes.sessionV2)).toHaveLength(0);
  });

  it('CHK-053 CHK-054 CHK-055 CHK-058 a business purchase needs the VAT ID and company; its name is at most 30 (worded as the spec says)', async () => {
    const { user } = await openCheckout(INFORMATION);
    await chooseCountry(user, 'Germany');
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    fireEvent.change(field('Name'), { target: { value: 'a'.repeat(31) } });
    await user.click(submit());
    expect(screen.getByText('The VAT ID is a required field for a business purchase')).toBeInTheDocument();
    expect(screen.getByText('Company name is a required field')).toBeInTheDocument();
    expect(screen.getByText('Company name must be at most 30 characters')).toBeInTheDocument();
  });

  it('CHK-056 CHK-059 CHK-062 CHK-063 the length limits of company, name, state and postal code', async () => {
    const { user } = await openCheckout(INFORMATION);
    fireEvent.change(field('Company name'), { target: { value: 'c'.repeat(257) } });
    fireEvent.change(field('Name'), { target: { value: 'n'.repeat(257) } });
    fireEvent.change(field('State / Province (optional)'), { target: { value: 's'.repeat(257) } });
    fireEvent.change(field('Postal code (optional)'), { target: { value: '1'.repeat(31) } });
    await user.click(submit());
    expect(screen.getByText('Company name must be at most 256 characters')).toBeInTheDocument();
    expect(screen.getByText('Name must be at most 256 characters')).toBeInTheDocument();
    expect(screen.getByText('State must be at most 256 characters')).toBeInTheDocument();
    expect(screen.getByText('Postal code must be at most 30 characters')).toBeInTheDocument();
  });

  it('CHK-022 CHK-064 CHK-066 CHK-067 CHK-068 CHK-069 Next: Checkout stores the form, creates the session with a loading button and opens the hosted checkout', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    let answer = (_: Response) => {};
    const held = new Promise<Response>((resolve) => (answer = resolve));
    window.sessionStorage.setItem('mb.checkout.seats', '7');
    const { user, server, routes } = await openCheckout(INFORMATION, {
      routes: { [checkoutRoutes(freeSpace).sessionV2]: () => held },
    });
    await fillConsumer(user);
    await user.type(field('Company name'), 'Acme Inc.');
    await waitFor(() =>
      expect(server.calls(routes.priceV2).at(-1)?.body).toEqual({
        country: 'US',
        purchaseType: 'B2B',
        seatPlans: [{ userPlan: 'PRO', quantity: 7 }],
        billingInterval: 'YEARLY',
        previewProratedAmounts: false,
        workspacePlan: 'PRO',
      }),
    );
    await waitFor(() => expect(summaryValue('Total')).toBe('$336.00'));
    await user.click(submit());
    await waitFor(() => expect(submit()).toHaveAttribute('data-loading', 'true'));
    expect(JSON.parse(window.sessionStorage.getItem('mb.checkout.form') ?? '{}')).toMatchObject({
      name: 'Olivia Bennett',
      city: 'Austin',
    });
    const [call] = server.calls(routes.sessionV2);
    expect(call?.body).toEqual({
      workspaceId: freeSpace.workspaceId,
      addressInfo: { country: 'US', state: '', city: 'Austin', postalCode: '', street: '1 Main St' },
      companyName: 'Acme Inc.',
      customerName: 'Olivia Bennett',
      isB2BTransaction: false,
      goBackUrl: `${freeSpace.urlPrefix}${INFORMATION}`,
      userName: 'Olivia Bennett',
      billingInterval: 'YEARLY',
      workspacePlan: 'PRO',
      seatPlans: [{ userPlan: 'PRO', quantity: 7 }],
    });
    expect(call?.body).not.toHaveProperty('vatNumber');
    answer(json(200, { stripeCheckoutSessionId: 'cs_test_1', url: HOSTED_URL }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(HOSTED_URL));
  });

  it('CHK-073 CHK-074 CHK-067 a refused VAT ID is the VAT field’s error and the page scrolls to the top', async () => {
    const scroll = vi.spyOn(window, 'scrollTo');
    const refused = json(400, {
      error: {
        code: 'tax_id_invalid',
        message: 'This VAT ID doesn’t seem to be valid.',
        fields: { 'body.vatNumber': 'x' },
      },
    });
    const { user, server, routes } = await openCheckout(INFORMATION, {
      routes: { [checkoutRoutes(freeSpace).sessionV2]: refused },
    });
    await chooseCountry(user, 'Germany');
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.type(field('VAT ID'), 'DE000');
    await user.type(field('Company name'), 'Acme GmbH');
    await fillConsumer(user);
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    expect(await screen.findByText('This VAT ID doesn’t seem to be valid.')).toBeInTheDocument();
    expect(field('VAT ID')).toHaveAttribute('aria-invalid', 'true');
    expect(scroll).toHaveBeenCalledWith({ top: 0 });
    expect(server.calls(routes.sessionV2)[0]?.body).toMatchObject({
      isB2BTransaction: true,
      vatNumber: 'DE000',
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('CHK-075 CHK-080 any other failure is the banner', async () => {
    const { user } = await openCheckout(INFORMATION, {
      routes: {
        [checkoutRoutes(freeSpace).sessionV2]: apiError(502, 'payment_provider_error', 'card network down'),
      },
    });
    await fillConsumer(user);
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred. Please try again.');
    expect(submit()).not.toHaveAttribute('data-loading');
  });

  it('CHK-078 an answer without a hosted page to open shows the internal error', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const { user } = await openCheckout(INFORMATION, {
      routes: {
        [checkoutRoutes(freeSpace).sessionV2]: json(200, { stripeCheckoutSessionId: 'cs_1', url: '' }),
      },
    });
    await fillConsumer(user);
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An internal error occurred. Please try again later.',
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('PRICE-002 PRICE-003 PRICE-004 PRICE-005 PRICE-006 a buyer in Germany pays in EUR and sees the four tax lines', async () => {
    window.sessionStorage.setItem('mb.checkout.seats', '7');
    const { user } = await openCheckout(INFORMATION);
    await chooseCountry(user, 'Germany');
    await waitFor(() => expect(summaryValue('Taxes (19%)')).toBe('58.52 €'));
    expect(summaryValue('Pro, 7 seats × 4.58 € / month')).toBe('385.00 €');
    expect(summaryValue('Total without taxes')).toBe('308.00 €');
    expect(summaryValue('Total due')).toBe('366.52 €');
    expect(screen.getByText('Billed annually')).toBeInTheDocument();
  });

  it('CHK-024 without plan and interval it goes back to Billing details', async () => {
    const { router } = await openCheckout('/checkout/information');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`${freeSpace.urlPrefix}/checkout/details`),
    );
  });

  it('CHK-029 CHK-035 a Gmail purchase has two steps, Back on its first goes to billing, and it pays Pro Personal', async () => {
    await openCheckout(INFORMATION, { user: gmailOwner(freeSpace) });
    const steps = within(await screen.findByRole('list', { name: 'Checkout steps' })).getAllByRole(
      'listitem',
    );
    expect(steps.map((step) => step.textContent)).toEqual(['1Billing information', '2Checkout']);
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute(
      'href',
      `${freeSpace.urlPrefix}/space/billing`,
    );
    expect(screen.queryByRole('textbox', { name: 'Domain' })).not.toBeInTheDocument();
    await waitFor(() => expect(summaryValue('Pro Personal, 1 seat × $5.00 / month')).toBe('$60.00'));
  });

  it('CHK-035 Back from Billing information of a domain purchase is the browser’s back', async () => {
    const { user, router } = await openCheckout('/checkout/details');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Next: Billing information' })).toBeEnabled(),
    );
    await user.click(screen.getByRole('button', { name: 'Next: Billing information' }));
    await screen.findByRole('button', { name: 'Next: Checkout' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`${freeSpace.urlPrefix}/checkout/details`),
    );
    expect(router.state.historyAction).toBe('POP');
  });

  it('CHK-047 the form is restored from session storage', async () => {
    window.sessionStorage.setItem(
      'mb.checkout.form',
      JSON.stringify({
        country: 'FR',
        isBusinessPurchase: false,
        vatNumber: '',
        companyName: '',
        name: 'Olivia',
        street: 'x',
        city: 'Paris',
        state: '',
        code: '',
      }),
    );
    await openCheckout(INFORMATION);
    expect(await screen.findByRole('combobox', { name: 'Country' })).toHaveValue('FR');
    expect(field('City')).toHaveValue('Paris');
  });

  it('CHK-050 a malformed stored form is reported and the defaults are used', async () => {
    const report = vi.spyOn(console, 'error').mockImplementation(() => {});
    window.sessionStorage.setItem('mb.checkout.form', '{"country":');
    await openCheckout(INFORMATION);
    expect(await screen.findByRole('combobox', { name: 'Country' })).toHaveValue('US');
    expect(field('Name')).toHaveValue('');
    expect(report).toHaveBeenCalledWith('Checkout: The stored checkout form is malformed');
  });

  it('CHK-065 a page restored from the back/forward cache is reloaded', async () => {
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
    await openCheckout(INFORMATION);
    await screen.findByRole('button', { name: 'Next: Checkout' });
    act(() => {
      const restored = new Event('pageshow') as PageTransitionEvent;
      Object.defineProperty(restored, 'persisted', { value: true });
      window.dispatchEvent(restored);
    });
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

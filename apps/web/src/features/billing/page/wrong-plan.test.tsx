import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { env } from '../../../config/env';
import { currentUser } from '../../../testing/auth-fixtures';
import { fakeServer } from '../../../testing/fake-server';
import { renderRoute } from '../../../testing/render';
import { renderSignedIn } from '../../../testing/signed-in';
import { acme, domainOwner, freeSpace } from '../../../testing/billing-test-kit';

const card = async (name: string) => within(await screen.findByRole('region', { name }));

describe('Wrong-plan page', () => {
  it('RES-017 RES-018 RES-019 RES-020 RES-023 RES-024 a Gmail address asking for Pro Google Workspace is offered Pro Gmail', async () => {
    await renderSignedIn('/wrong-plan?plan=pro-google-workspace', {
      user: currentUser({ userWorkspaces: [freeSpace] }),
    });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'You are trying to purchase a Pro Google Workspace plan with pat@gmail.com',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText("Gmail addresses are eligible only for 'Pro Gmail'.")).toBeInTheDocument();
    expect(
      screen.getByText("Google Workspace addresses are eligible only for 'Pro Google Workspace'."),
    ).toBeInTheDocument();
    expect(screen.getByText('Do you want a Pro Gmail plan for your Gmail account?')).toBeInTheDocument();

    const plan = await card('Pro Gmail');
    expect(plan.getByText('For Gmail accounts')).toBeInTheDocument();
    expect(plan.getByText('$3.00')).toBeInTheDocument();
    expect(plan.getByText('/ month')).toBeInTheDocument();
    expect(plan.getByText('$36.00 billed annually')).toBeInTheDocument();
    for (const feature of ['All features included', 'No branded footer', '1 user', 'Priority support']) {
      expect(plan.getByText(feature)).toBeInTheDocument();
    }
    expect(plan.getByText(/Up to 400 recipients \/ day/)).toBeInTheDocument();
    expect(plan.getByRole('link', { name: 'Subscribe' })).toHaveAttribute(
      'href',
      '/settings/billing?plan=pro-gmail',
    );
    expect(screen.getByRole('button', { name: 'Sign-in with another account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: `Back to ${env.productName} pricing plans` })).toHaveAttribute(
      'href',
      '/settings/billing?show-plans=1',
    );
  });

  it('RES-022 for Gmail the recipients help opens a support article in a new tab', async () => {
    await renderSignedIn('/wrong-plan?plan=PROFESSIONAL', {
      user: currentUser({ userWorkspaces: [freeSpace] }),
    });
    const link = (await card('Pro Gmail')).getByRole('link', { name: 'Learn more' });
    expect(link).toHaveAttribute('href', env.helpCenterUrl);
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('RES-021 RES-015 a domain address asking for Pro Gmail, with quota-conditions=1, opens the quota conditions in a dialog', async () => {
    const { user } = await renderSignedIn('/wrong-plan?plan=pro-gmail&quota-conditions=1', {
      user: domainOwner([acme]),
    });
    expect(
      await screen.findByRole('heading', {
        name: 'You are trying to purchase a Pro Gmail plan with owner@acme.example',
      }),
    ).toBeInTheDocument();
    const plan = await card('Pro Google Workspace');
    expect(plan.getByText('$5.00')).toBeInTheDocument();
    expect(plan.getByText(/Up to 1,500 recipients \/ day/)).toBeInTheDocument();
    await user.click(plan.getByRole('button', { name: 'Conditions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conditions for 1,500 recipients / day' });
    expect(
      within(dialog).getByText('You have not sent more than 500 emails in the last 24 hours.'),
    ).toBeInTheDocument();
  });

  it('RES-021 without quota-conditions=1 there is no conditions dialog', async () => {
    await renderSignedIn('/wrong-plan?plan=pro-gmail', { user: domainOwner([acme]) });
    const plan = await card('Pro Google Workspace');
    expect(plan.queryByRole('button', { name: 'Conditions' })).not.toBeInTheDocument();
  });

  it('RES-016 a plan that fits the account goes on to billing with the same query', async () => {
    const { router } = await renderSignedIn('/wrong-plan?plan=pro-google-workspace&interval=YEARLY', {
      user: domainOwner([acme]),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`${acme.urlPrefix}/space/billing`));
    expect(router.state.location.search).toBe('?plan=pro-google-workspace&interval=YEARLY');
  });

  it('ROUTE-005 RES-017 signed out, the page names the plan asked for and offers the other one', async () => {
    fakeServer();
    const { router } = renderRoute('/wrong-plan?plan=pro-gmail');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You are trying to purchase a Pro Gmail plan' }),
    ).toBeInTheDocument();
    expect(await card('Pro Google Workspace')).toBeDefined();
    expect(router.state.location.pathname).toBe('/wrong-plan');
  });
});

import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../testing/fake-server';
import { renderInSpace } from '../../testing/space-fixtures';
import {
  composerPage,
  composerRoutes,
  domainCheckAnswer,
  reachSendStep,
  routeKeys,
  user,
  withoutRangeLayout,
} from '../../testing/composer-fixtures';

const panel = () => screen.getByRole('region', { name: 'Sending domain' });
const sendButton = () => screen.getByRole('button', { name: 'Send now' });

async function sendStepWith(answer: ReturnType<typeof domainCheckAnswer> | null) {
  const rendered = await renderInSpace(composerPage, {
    user,
    routes: composerRoutes(
      answer ? { [routeKeys.domainCheck]: json(200, answer) } : { [routeKeys.domainCheck]: json(500, {}) },
    ),
  });
  await reachSendStep(rendered.user);
  return rendered;
}

describe('new mail merge: the sending domain check before Send (issue 26)', () => {
  withoutRangeLayout();

  it('asks for the check of a send of this many recipients and shows a pass in a line', async () => {
    const { server } = await sendStepWith(domainCheckAnswer('PASS'));
    expect(await within(panel()).findByText('Sending domain ready')).toBeInTheDocument();
    expect(panel()).toHaveTextContent('example.com: SPF, DKIM and DMARC pass.');
    expect(server.calls(routeKeys.domainCheck)[0]!.url.searchParams.get('recipients')).toBe('3');
    expect(sendButton()).toBeEnabled();
  });

  it('shows what to publish, each TXT record’s name and value with a copy button, and lets a small send go', async () => {
    await sendStepWith(domainCheckAnswer('FAIL'));
    expect(await within(panel()).findByText('example.com is not ready for bulk mail')).toBeInTheDocument();
    expect(panel()).toHaveTextContent('SPF: SPF of example.com does not allow 127.0.0.1');
    expect(panel()).toHaveTextContent('DMARC: example.com publishes no DMARC policy.');
    expect(panel()).not.toHaveTextContent('DKIM:');
    expect(within(panel()).getByText('v=DMARC1; p=none; adkim=r; aspf=r')).toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: 'Copy SPF record value' })).toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: 'Copy DMARC record name' })).toBeInTheDocument();
    expect(panel()).toHaveTextContent('A merge of up to 100 recipients may still go out');
    expect(sendButton()).toBeEnabled();
  });

  it('turns Send off over the threshold; the owner may tick "Send anyway", which sends the override', async () => {
    const { user: clicker, server } = await sendStepWith(domainCheckAnswer('FAIL', { blocked: true }));
    await within(panel()).findByText('example.com is not ready for bulk mail');
    expect(sendButton()).toBeDisabled();
    expect(sendButton()).toHaveAccessibleDescription(
      'Sending to more than 100 recipients is off until these records are published.',
    );
    await clicker.click(
      within(panel()).getByRole('checkbox', {
        name: 'Send anyway: I understand mailbox providers may reject or junk these messages',
      }),
    );
    expect(sendButton()).toBeEnabled();
    await clicker.click(sendButton());
    const dialog = await screen.findByRole('dialog', { name: 'Send this mail merge?' });
    await clicker.click(within(dialog).getByRole('button', { name: 'Send 3 emails' }));
    await vi.waitFor(() => expect(server.calls(routeKeys.createMerge)).toHaveLength(1));
    expect(server.calls(routeKeys.createMerge)[0]!.body).toMatchObject({ overrideDomainCheck: true });
  });

  it('tells a member over the threshold who can send it, with no override to tick', async () => {
    await sendStepWith(domainCheckAnswer('FAIL', { blocked: true, canOverride: false }));
    await within(panel()).findByText('example.com is not ready for bulk mail');
    expect(sendButton()).toBeDisabled();
    expect(panel()).toHaveTextContent("or the space's owner or an admin sends it.");
    expect(within(panel()).queryByRole('checkbox')).toBeNull();
  });

  it("says 'Could not check' when DNS did not answer, and leaves Send on", async () => {
    await sendStepWith(domainCheckAnswer('UNCHECKED'));
    expect(await within(panel()).findByText('Could not check the sending domain')).toBeInTheDocument();
    expect(sendButton()).toBeEnabled();
  });

  it("says 'Could not check' when the check itself fails", async () => {
    await sendStepWith(null);
    expect(await within(panel()).findByText('Could not check the sending domain')).toBeInTheDocument();
    expect(sendButton()).toBeEnabled();
  });

  it("shows a loading state that gives way to 'Could not check' after 6 s without an answer", async () => {
    // Timers that also run in real time, so the clicks to reach the step still work.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      const rendered = await renderInSpace(composerPage, {
        user,
        routes: composerRoutes({ [routeKeys.domainCheck]: () => new Promise<Response>(() => undefined) }),
      });
      await reachSendStep(rendered.user);
      expect(within(panel()).getByRole('status')).toHaveTextContent('Checking SPF, DKIM and DMARC');
      act(() => vi.advanceTimersByTime(6_000));
      expect(within(panel()).getByText('Could not check the sending domain')).toBeInTheDocument();
      expect(sendButton()).toBeEnabled();
    } finally {
      vi.useRealTimers();
    }
  });
});

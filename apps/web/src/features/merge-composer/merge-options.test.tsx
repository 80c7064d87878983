import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../testing/fake-server';
import { renderInSpace } from '../../testing/space-fixtures';
import {
  composerPage,
  composerRoutes,
  reachMessageStep,
  routeKeys,
  space,
  startFromTemplate,
  user,
  withoutRangeLayout,
} from '../../testing/composer-fixtures';

type Clicker = Parameters<typeof reachMessageStep>[0];

const created = json(201, {
  mergeId: '6d000000-0000-4000-8000-000000000003',
  scheduledMergeId: 'sm-3',
  campaignId: 'c-3',
  toSend: 3,
  skipped: { invalid: 1, duplicate: 1, suppressed: 0 },
  title: 'contacts.csv - contacts',
});

const switchNamed = (name: string) => screen.getByRole('switch', { name: new RegExp(`^${name}`) });

async function fillPoll(clicker: Clicker, question: string, answers: string[]) {
  await clicker.type(screen.getByRole('textbox', { name: 'Question' }), question);
  for (const [index, answer] of answers.entries()) {
    if (index >= 2) await clicker.click(screen.getByRole('button', { name: 'Add an answer' }));
    await clicker.type(screen.getByRole('textbox', { name: `Answer ${index + 1}` }), answer);
  }
}

describe('new mail merge: tracking, unsubscribe link and poll (issue 23)', () => {
  withoutRangeLayout();

  it("MERGE-POLL the switches start as the space's tracking defaults; the choices and the poll go in the test email and the merge, and the summary shows them", async () => {
    const { user: clicker, server } = await renderInSpace(composerPage, {
      user,
      details: { [space.workspaceId]: { trackingDefaults: { opens: false, clicks: true } } },
      routes: composerRoutes({
        [routeKeys.testEmail]: json(202, { sentTo: 'pat@gmail.com' }),
        [routeKeys.createMerge]: created,
      }),
    });
    await reachMessageStep(clicker);
    await startFromTemplate(clicker);
    expect(switchNamed('Track opens')).not.toBeChecked();
    expect(switchNamed('Track clicks')).toBeChecked();
    expect(switchNamed('Unsubscribe link')).toBeChecked();
    expect(
      screen.getByText(/goes where \{\{unsubscribe\}\} is in the message, else in a footer/),
    ).toBeVisible();

    await clicker.click(switchNamed('Track opens'));
    await clicker.click(switchNamed('Track clicks'));
    await clicker.click(switchNamed('Unsubscribe link'));
    await clicker.click(screen.getByRole('button', { name: 'Add a poll' }));
    await fillPoll(clicker, 'Coming to the fair?', ['Yes', 'No', 'Maybe']);

    await clicker.click(screen.getByRole('button', { name: 'Send a test email' }));
    await waitFor(() => expect(server.calls(routeKeys.testEmail)).toHaveLength(1));
    const chosen = {
      trackOpens: true,
      trackClicks: false,
      unsubscribeLink: false,
      poll: { question: 'Coming to the fair?', answers: ['Yes', 'No', 'Maybe'] },
    };
    expect(server.calls(routeKeys.testEmail)[0]!.body).toMatchObject(chosen);

    // The Send step and back: the draft keeps the choices.
    await clicker.click(screen.getByRole('button', { name: 'Next: Send' }));
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(summary).toHaveTextContent('Tracking: opens on, clicks off');
    expect(summary).toHaveTextContent('Unsubscribe link: none in the message');
    expect(summary).toHaveTextContent('Poll: Coming to the fair? (3 answers: Yes, No, Maybe)');
    await clicker.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('textbox', { name: 'Answer 3' })).toHaveValue('Maybe');
    expect(switchNamed('Track opens')).toBeChecked();
    await clicker.click(screen.getByRole('button', { name: 'Next: Send' }));

    await clicker.click(await screen.findByRole('button', { name: 'Send now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this mail merge?' });
    await clicker.click(within(dialog).getByRole('button', { name: 'Send 3 emails' }));
    await waitFor(() => expect(server.calls(routeKeys.createMerge)).toHaveLength(1));
    expect(server.calls(routeKeys.createMerge)[0]!.body).toMatchObject(chosen);
  });

  it("MERGE-POLL a poll needs a question and 2 to 5 different answers: the contract's messages show and hold the merge back until it is fixed or removed", async () => {
    const { user: clicker } = await renderInSpace(composerPage, { user, routes: composerRoutes() });
    await reachMessageStep(clicker);
    await startFromTemplate(clicker);
    const next = screen.getByRole('button', { name: 'Next: Send' });
    expect(next).toBeEnabled();

    await clicker.click(screen.getByRole('button', { name: 'Add a poll' }));
    expect(screen.getByRole('textbox', { name: 'Question' })).toHaveAccessibleDescription(
      'A poll question is required',
    );
    expect(screen.getByRole('textbox', { name: 'Answer 1' })).toHaveAccessibleDescription(
      'An answer cannot be empty',
    );
    expect(next).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send a test email' })).toBeDisabled();
    // Two answers is the least: none can be removed yet.
    expect(screen.queryByRole('button', { name: /^Remove answer/ })).not.toBeInTheDocument();

    await fillPoll(clicker, 'Lunch?', ['Yes', 'Yes']);
    // Under the answers, and in the list of what holds the step back.
    expect(screen.getAllByText('Each answer must be different')).toHaveLength(2);
    expect(next).toBeDisabled();

    await clicker.clear(screen.getByRole('textbox', { name: 'Answer 2' }));
    await clicker.type(screen.getByRole('textbox', { name: 'Answer 2' }), 'No');
    expect(screen.queryAllByText('Each answer must be different')).toHaveLength(0);
    expect(next).toBeEnabled();

    const add = screen.getByRole('button', { name: 'Add an answer' });
    for (const answer of ['Later', 'Never', 'Often']) {
      await clicker.click(add);
      await clicker.type(screen.getAllByRole('textbox', { name: /^Answer/ }).at(-1)!, answer);
    }
    expect(screen.getAllByRole('textbox', { name: /^Answer/ })).toHaveLength(5);
    expect(add).toBeDisabled();
    await clicker.click(screen.getByRole('button', { name: 'Remove answer 3' }));
    expect(
      screen.getAllByRole('textbox', { name: /^Answer/ }).map((input) => (input as HTMLInputElement).value),
    ).toEqual(['Yes', 'No', 'Never', 'Often']);
    expect(add).toBeEnabled();

    await clicker.clear(screen.getByRole('textbox', { name: 'Question' }));
    expect(next).toBeDisabled();
    await clicker.click(screen.getByRole('button', { name: 'Remove poll' }));
    expect(screen.queryByRole('textbox', { name: 'Question' })).not.toBeInTheDocument();
    expect(next).toBeEnabled();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, json } from '../../testing/fake-server';
import { renderInSpace } from '../../testing/space-fixtures';
import {
  composerPage,
  composerRoutes,
  reachMessageStep,
  routeKeys,
  spreadsheet,
  startFromTemplate,
  template,
  user,
  withoutRangeLayout,
} from '../../testing/composer-fixtures';

describe('new mail merge: message', () => {
  withoutRangeLayout();

  it('inserts a merge field with a fallback at the cursor of the subject', async () => {
    const { user: clicker } = await renderInSpace(composerPage, { user, routes: composerRoutes() });
    await reachMessageStep(clicker);
    const subject = screen.getByRole('textbox', { name: 'Subject' });
    await clicker.type(subject, 'Hello !');
    // The cursor goes back before the '!': the field lands there, not at the end.
    await clicker.keyboard('{ArrowLeft}');
    await clicker.click(screen.getByRole('button', { name: 'Insert merge field in the subject' }));
    const picker = await screen.findByRole('dialog');
    await clicker.selectOptions(within(picker).getByRole('combobox', { name: 'Column' }), 'First name');
    await clicker.type(within(picker).getByRole('textbox', { name: 'Fallback for empty cells' }), 'there');
    await clicker.click(within(picker).getByRole('button', { name: 'Insert {{First name|there}}' }));
    expect(subject).toHaveValue('Hello {{First name|there}}!');
  });

  it('inserts a merge field into the rich-text body', async () => {
    const { user: clicker } = await renderInSpace(composerPage, { user, routes: composerRoutes() });
    await reachMessageStep(clicker);
    const body = await screen.findByRole('textbox', { name: 'Message' });
    await clicker.click(screen.getByRole('button', { name: 'Insert merge field in the message' }));
    const picker = await screen.findByRole('dialog');
    await clicker.selectOptions(within(picker).getByRole('combobox', { name: 'Column' }), 'Company');
    await clicker.click(within(picker).getByRole('button', { name: 'Insert {{Company}}' }));
    await waitFor(() => expect(body).toHaveTextContent('{{Company}}'));
  });

  it("the preview of row 3 shows row 3's values, HTML-escaped, in a frame that runs nothing", async () => {
    const { user: clicker, server } = await renderInSpace(composerPage, { user, routes: composerRoutes() });
    await reachMessageStep(clicker);
    await startFromTemplate(clicker);
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue(template.subject);
    await clicker.clear(screen.getByRole('spinbutton', { name: 'Row' }));
    await clicker.type(screen.getByRole('spinbutton', { name: 'Row' }), '3');

    const frame = await screen.findByTitle('Message for row 3');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute(
      'srcdoc',
      '<p>Hello &lt;b&gt;Chloé&lt;/b&gt; of Tom &amp; Jerry &lt;Ltd&gt;</p>',
    );
    expect(screen.getByRole('region', { name: 'Preview of row 3' })).toHaveTextContent(
      'To: chloe@example.com',
    );
    expect(server.calls(routeKeys.row(3))).toHaveLength(1);
  });

  it("sends a test email of the previewed row and says where it went; the server's error is shown as it says", async () => {
    const { user: clicker, server } = await renderInSpace(composerPage, {
      user,
      routes: composerRoutes({
        [routeKeys.testEmail]: [
          json(202, { sentTo: 'pat@gmail.com' }),
          apiError(400, 'validation_failed', "The sheet has no column 'Title'"),
        ],
      }),
    });
    await reachMessageStep(clicker);
    await startFromTemplate(clicker);
    await clicker.click(screen.getByRole('button', { name: 'Send a test email' }));
    expect(await screen.findByText('Test email for row 1 sent to pat@gmail.com.')).toBeInTheDocument();
    expect(server.calls(routeKeys.testEmail)[0]!.body).toEqual({
      spreadsheetId: spreadsheet.id,
      sheetId: '0',
      rowNumber: 1,
      subject: template.subject,
      bodyHtml: template.preview,
      trackOpens: true,
      trackClicks: true,
      unsubscribeLink: true,
    });
    await clicker.click(screen.getByRole('button', { name: 'Send a test email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("The sheet has no column 'Title'");
  });

  it('starts from a draft imported from the gallery (kept by Mergeboard)', async () => {
    const draftId = '8d000000-0000-4000-8000-000000000001';
    window.localStorage.setItem(
      `mb.templateDrafts.${user.userId}`,
      JSON.stringify({ [template.id]: { messageId: draftId, provider: 'MERGEBOARD' } }),
    );
    const { user: clicker } = await renderInSpace(composerPage, {
      user,
      routes: composerRoutes({
        [`GET /api/users/${user.userId}/drafts/${draftId}`]: json(200, {
          messageId: draftId,
          templateId: template.id,
          subject: 'Spring offer for {{Company}}',
          body: '<p>Dear {{First name}}</p>',
          createTimestamp: 1_700_000_000_000,
        }),
      }),
    });
    await reachMessageStep(clicker);
    await clicker.click(screen.getByRole('combobox', { name: 'Start from' }));
    await clicker.click(await screen.findByRole('option', { name: `Draft: ${template.subject}` }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('Spring offer for {{Company}}'),
    );
    expect(await screen.findByRole('textbox', { name: 'Message' })).toHaveTextContent('Dear {{First name}}');
  });

  it('a merge field whose column the sheet lacks stops the way on and says which', async () => {
    const { user: clicker } = await renderInSpace(composerPage, { user, routes: composerRoutes() });
    await reachMessageStep(clicker);
    await startFromTemplate(clicker);
    expect(screen.getByRole('button', { name: 'Next: Send' })).toBeEnabled();
    await clicker.type(screen.getByRole('textbox', { name: 'Subject' }), ' for {{{{Title}}');
    expect(
      screen.getByText("The sheet has no column 'Title': change or remove {{Title}}."),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next: Send' })).toBeDisabled();
  });
});

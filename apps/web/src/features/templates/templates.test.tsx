import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Template } from '@mergeboard/core';
import { currentUser } from '../../testing/auth-fixtures';
import { apiError, json } from '../../testing/fake-server';
import { renderInSpace, spaceEntry } from '../../testing/space-fixtures';
import { setViewportWidth } from '../../testing/viewport';

const space = spaceEntry(1, 'Acme Sales', { userRole: 'MEMBER', workspacePlan: 'PRO', userPlan: 'PRO' });
const page = `${space.urlPrefix}/templates`;
const user = currentUser({ userWorkspaces: [space] });

const template = (n: number, subject: string): Template => ({
  id: `7e000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  subject,
  thumbnail: `https://images.example/t${n}.png`,
  preview: `<p>Body of ${subject}</p>`,
  order: n,
});
const welcome = template(1, 'Welcome aboard');
const followUp = template(2, 'Quick follow-up');
const gallery = { 'GET /api/templates': json(200, { items: [welcome, followUp] }) };
const draftsRoute = `POST /api/users/${user.userId}/drafts`;

describe('templates', () => {
  it('TPL-001 API-060: the gallery shows a card per template with thumbnail and subject', async () => {
    await renderInSpace(page, { user, routes: gallery });
    const cards = await screen.findAllByTestId('template-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Welcome aboard');
    expect(within(cards[0]!).getByRole('link', { name: 'Preview Welcome aboard' })).toBeInTheDocument();
    expect(cards[0]!.querySelector('img')).toHaveAttribute('src', welcome.thumbnail);
  });

  it('TPL-002: a card opens the preview dialog at {templates}/{id}, which is addressable', async () => {
    const { user: clicker, router } = await renderInSpace(page, { user, routes: gallery });
    await clicker.click(await screen.findByRole('link', { name: 'Preview Quick follow-up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${page}/${followUp.id}`));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTitle('Template preview')).toHaveAttribute('srcdoc', followUp.preview);
    await clicker.click(within(dialog).getByRole('link', { name: 'Back to templates' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(page));
  });

  it('TPL-002: opening {templates}/{id} directly shows that preview', async () => {
    await renderInSpace(`${page}/${welcome.id}`, { user, routes: gallery });
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog).toHaveTextContent('Welcome aboard'));
    expect(within(dialog).getByTitle('Template preview')).toHaveAttribute('srcdoc', welcome.preview);
  });

  it("TPL-007 TPL-008 API-061: import creates a draft, shows '{subject} Gmail draft created', then Open", async () => {
    const { user: clicker, server } = await renderInSpace(page, {
      user,
      routes: { ...gallery, [draftsRoute]: json(201, { messageId: 'draft-1', provider: 'MERGEBOARD' }) },
    });
    await clicker.click(await screen.findByRole('button', { name: 'Import Welcome aboard' }));
    expect(await screen.findByText('Welcome aboard Gmail draft created')).toBeInTheDocument();
    expect(server.calls(draftsRoute)[0]!.body).toEqual({ fromTemplate: welcome.id, source: 'GALLERY' });
    const card = screen.getAllByTestId('template-card')[0]!;
    expect(within(card).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      `${page}/${welcome.id}?draft=draft-1`,
    );
    // The other card can still be imported.
    expect(screen.getByRole('button', { name: 'Import Quick follow-up' })).toBeEnabled();
  });

  it("TPL-006: a failed import shows 'Gmail draft could not be created'", async () => {
    const { user: clicker } = await renderInSpace(page, {
      user,
      routes: { ...gallery, [draftsRoute]: apiError(500, 'internal_error') },
    });
    await clicker.click(await screen.findByRole('button', { name: 'Import Quick follow-up' }));
    expect(await screen.findByText('Gmail draft could not be created')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import Quick follow-up' })).toBeInTheDocument();
  });

  it('TPL-003 PERM-035: on mobile there is no Import, only the desktop text', async () => {
    setViewportWidth(375);
    await renderInSpace(page, { user, routes: gallery });
    expect(
      await screen.findByText('To use one of these templates, please visit the desktop version.'),
    ).toBeInTheDocument();
    await screen.findAllByTestId('template-card');
    expect(screen.queryByRole('button', { name: /^Import/ })).not.toBeInTheDocument();
  });
  it('TPL-008: in the embedded shape Open shows the draft Mergeboard stored', async () => {
    await renderInSpace(`${page}/${welcome.id}?draft=draft-9`, {
      user,
      routes: {
        ...gallery,
        [`GET /api/users/${user.userId}/drafts/draft-9`]: json(200, {
          messageId: 'draft-9',
          templateId: welcome.id,
          subject: 'Welcome aboard',
          body: '<p>Stored body</p>',
          createTimestamp: 1_700_000_000_000,
        }),
      },
    });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTitle('Draft')).toHaveAttribute('srcdoc', '<p>Stored body</p>');
    expect(dialog).toHaveTextContent('kept by Mergeboard');
  });
});

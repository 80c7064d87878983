import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Template } from '@mergeboard/core';
import { env } from '../../config/env';
import { getAccessToken } from '../../lib/access-token';
import { browserLocation } from '../../lib/browser-location';
import { authSession, currentUser, seedStoredSession, signedInRoutes } from '../../testing/auth-fixtures';
import { apiError, fakeServer, json } from '../../testing/fake-server';
import { renderRoute } from '../../testing/render';
import { renderInSpace, spaceEntry, spaceRoutes } from '../../testing/space-fixtures';
import { setViewportWidth } from '../../testing/viewport';
import { SIGN_IN_INTENT_KEY } from '../auth';

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

  it('TPL-001 TPL-010: a thumbnail is shown whole (contained in a 16:10 box), not cropped to a fixed height', async () => {
    await renderInSpace(page, { user, routes: gallery });
    const [card] = await screen.findAllByTestId('template-card');
    const img = card!.querySelector('img')!;
    expect(img.style.getPropertyValue('--image-object-fit')).toBe('contain');
    expect(img.style.getPropertyValue('--image-height')).toBe('');
    const box = img.closest('.mantine-AspectRatio-root') as HTMLElement | null;
    expect(box?.style.getPropertyValue('--ar-ratio')).toBe(String(16 / 10));
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

  describe('compose permission (TPL-004, TPL-005, AUTH-019)', () => {
    const PENDING_IMPORT_KEY = 'mb.templates.pendingImport';
    const refused = apiError(
      403,
      'compose_permission_required',
      'Permission to compose mail has not been granted to this sign-in',
    );
    const COMPOSE_FAILED_TITLE = 'Permission to compose mail was not granted';
    const COMPOSE_FAILED_TEXT = `${env.productName} needs your permission to compose mail to import a template as a Gmail draft. Click Import to ask again.`;

    /** Back from the provider to /login/callback with `query`, after Import asked for compose. */
    function returnFromComposeRequest(query: string, routes: Parameters<typeof fakeServer>[0]) {
      seedStoredSession();
      window.sessionStorage.setItem(
        SIGN_IN_INTENT_KEY,
        JSON.stringify({ continue: page, createAccount: false, compose: true }),
      );
      window.sessionStorage.setItem(
        PENDING_IMPORT_KEY,
        JSON.stringify({ userId: user.userId, templateId: followUp.id }),
      );
      const server = fakeServer({ ...signedInRoutes(user), ...spaceRoutes(user), ...gallery, ...routes });
      return { ...renderRoute(`/login/callback?${query}`), server };
    }

    it('TPL-004 AUTH-019: Import answered compose_permission_required sends the browser to authorize with compose=1', async () => {
      const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
      const { user: clicker, server } = await renderInSpace(page, {
        user,
        routes: { ...gallery, [draftsRoute]: refused },
      });
      await clicker.click(await screen.findByRole('button', { name: 'Import Quick follow-up' }));

      await waitFor(() =>
        expect(assign).toHaveBeenCalledWith(
          `/api/v1/auth/authorize?compose=1&loginHint=${encodeURIComponent(user.userEmail)}`,
        ),
      );
      expect(server.calls(draftsRoute)).toHaveLength(1);
      // Where to come back to travels in session storage, like every sign-in's continue target.
      expect(JSON.parse(window.sessionStorage.getItem(SIGN_IN_INTENT_KEY) ?? 'null')).toEqual({
        continue: page,
        createAccount: false,
        compose: true,
      });
      expect(JSON.parse(window.sessionStorage.getItem(PENDING_IMPORT_KEY) ?? 'null')).toEqual({
        userId: user.userId,
        templateId: followUp.id,
      });
      // No draft error: the browser is on its way to the permission page.
      expect(screen.queryByText('Gmail draft could not be created')).not.toBeInTheDocument();
    });

    it('TPL-004 TPL-007 AUTH-019: back with the permission, the refused import runs again and succeeds', async () => {
      const granted = authSession({ sessionId: 'N'.repeat(43) });
      const { router, server } = returnFromComposeRequest('code=the-code&state=the-state', {
        'POST /api/v1/auth/token': json(200, granted),
        [draftsRoute]: json(201, { messageId: 'draft-7', provider: 'MERGEBOARD' }),
      });

      expect(await screen.findByText('Quick follow-up Gmail draft created')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(page);
      // The outcome is dropped from the history entry (a replace that lands a moment later).
      await waitFor(() => expect(router.state.location.state).toBeNull());
      expect(server.calls(draftsRoute)).toHaveLength(1);
      expect(server.calls(draftsRoute)[0]!.bearer).toBe(granted.accessToken);
      expect(server.calls(draftsRoute)[0]!.body).toEqual({ fromTemplate: followUp.id, source: 'GALLERY' });
      const card = screen.getAllByTestId('template-card')[1]!;
      expect(within(card).getByRole('link', { name: 'Open' })).toBeInTheDocument();
      // The session from before the trip is replaced, and ended on the server.
      expect(getAccessToken()).toBe(granted.accessToken);
      await waitFor(() => expect(server.calls('POST /api/v1/auth/revoke')).toHaveLength(1));
      expect(window.sessionStorage.getItem(PENDING_IMPORT_KEY)).toBeNull();
    });

    it('TPL-005 AUTH-019: a denied permission (error=access_denied) shows the error banner on the templates page, still signed in', async () => {
      const { router, server } = returnFromComposeRequest(
        'error=access_denied&error_description=Permission+to+compose+mail+was+not+given&state=the-state',
        {},
      );

      const banner = await screen.findByRole('alert');
      expect(banner).toHaveTextContent(COMPOSE_FAILED_TITLE);
      expect(banner).toHaveTextContent(COMPOSE_FAILED_TEXT);
      expect(router.state.location.pathname).toBe(page);
      // The outcome is dropped from the history entry (a replace that lands a moment later).
      await waitFor(() => expect(router.state.location.state).toBeNull());
      expect(await screen.findByRole('button', { name: 'Import Quick follow-up' })).toBeEnabled();
      // Nothing imported, nothing asked of the token endpoint, and the session kept.
      expect(server.calls(draftsRoute)).toHaveLength(0);
      expect(server.calls('POST /api/v1/auth/token')).toHaveLength(0);
      expect(server.calls('POST /api/v1/auth/revoke')).toHaveLength(0);
      expect(getAccessToken()).not.toBeNull();
      expect(window.sessionStorage.getItem(PENDING_IMPORT_KEY)).toBeNull();
    });

    it('TPL-005: an import refused again after the trip shows the error instead of asking in a loop', async () => {
      const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
      const { server } = returnFromComposeRequest('code=the-code&state=the-state', {
        'POST /api/v1/auth/token': json(200, authSession({ sessionId: 'N'.repeat(43) })),
        [draftsRoute]: refused,
      });
      const banner = await screen.findByRole('alert');
      expect(banner).toHaveTextContent(COMPOSE_FAILED_TITLE);
      expect(server.calls(draftsRoute)).toHaveLength(1);
      expect(assign).not.toHaveBeenCalled();
    });
  });
});

import { createElement } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';
import { SpaceRedirect } from '../spaces';

// Each tab and dialog is its own chunk: a dialog's code (and Modal's) loads when it opens.
const mailMergesPage = async () => ({
  Component: (await import('./components/mail-merges-page')).MailMergesPage,
});
const sentTab = async () => ({ Component: (await import('./components/sent-tab')).SentTab });
const campaignDialog = async () => ({
  Component: (await import('./components/campaign-dialog')).CampaignDialog,
});
const scheduledTab = async () => ({ Component: (await import('./components/scheduled-tab')).ScheduledTab });
const scheduledDialog = async () => ({
  Component: (await import('./components/scheduled-dialog')).ScheduledDialog,
});

/**
 * ROUTE-010 ROUTE-011, MM-001: header, stat cards and tabs around the active tab; the dialogs nest in their
 * tab.
 */
export const mailMergesRoutes: RouteObject[] = [
  {
    path: paths.space.mailMerges.path,
    lazy: mailMergesPage,
    children: [
      // ROUTE-011: the base path opens the Sent tab.
      { index: true, element: createElement(SpaceRedirect, { to: paths.space.sent.getHref }) },
      {
        path: paths.space.sent.path,
        lazy: sentTab,
        children: [
          // MM-005 MM-006: {sent}/{id} (Mail results) and {sent}/{id}/poll (Poll results).
          { path: ':campaignId', lazy: campaignDialog },
          { path: ':campaignId/poll', lazy: campaignDialog },
        ],
      },
      {
        path: paths.space.scheduled.path,
        lazy: scheduledTab,
        // MM-011: {scheduled}/{id}.
        children: [{ path: ':scheduledId', lazy: scheduledDialog }],
      },
    ],
  },
];

export { mergeStartedState } from './merge-started';

import { createElement } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';
import { RequireSpacePermission, SpaceRedirect } from '../spaces';

const loadTemplates = async () => ({ Component: (await import('../templates')).TemplatesPage });
const loadMailMerges =
  (name: 'MailMergesPage' | 'SentTab' | 'ScheduledTab' | 'CampaignDialog' | 'ScheduledDialog') =>
  async () => ({
    Component: (await import('../mail-merges'))[name],
  });

/** The work areas under the space prefix (ROUTE-010..015); pages load on first visit. */
export const workAreaRoutes: RouteObject[] = [
  {
    // MM-001: header, stat cards and tabs around the active tab; the dialogs nest in their tab.
    path: paths.space.mailMerges.path,
    lazy: loadMailMerges('MailMergesPage'),
    children: [
      // ROUTE-011: the base path opens the Sent tab.
      { index: true, element: createElement(SpaceRedirect, { to: paths.space.sent.getHref }) },
      {
        path: paths.space.sent.path,
        lazy: loadMailMerges('SentTab'),
        children: [
          // MM-005/006: {sent}/{id} (Mail results) and {sent}/{id}/poll (Poll results).
          { path: ':campaignId', lazy: loadMailMerges('CampaignDialog') },
          { path: ':campaignId/poll', lazy: loadMailMerges('CampaignDialog') },
        ],
      },
      {
        path: paths.space.scheduled.path,
        lazy: loadMailMerges('ScheduledTab'),
        // MM-011: {scheduled}/{id}.
        children: [{ path: ':scheduledId', lazy: loadMailMerges('ScheduledDialog') }],
      },
    ],
  },
  { path: paths.space.unsubscriptions.path, lazy: () => import('./routes/unsubscriptions') },
  {
    // ROUTE-013: only when the bounces page is accessible and not restricted.
    path: paths.space.bounces.path,
    element: createElement(RequireSpacePermission, {
      allow: (permissions) => permissions.showBouncesPage,
      otherwise: paths.space.mailMerges.getHref,
    }),
    children: [{ index: true, lazy: () => import('./routes/bounces') }],
  },
  {
    // ROUTE-014, PERM-019: only with the team report.
    path: paths.space.teamReport.path,
    element: createElement(RequireSpacePermission, {
      allow: (permissions) => permissions.canAccessTeamReport,
      otherwise: paths.space.mailMerges.getHref,
    }),
    children: [
      { index: true, lazy: async () => ({ Component: (await import('../team-report')).TeamReportPage }) },
    ],
  },
  {
    // TPL-002: the preview dialog is addressable at {templates}/{id}.
    path: paths.space.templates.path,
    children: [
      { index: true, lazy: loadTemplates },
      { path: ':templateId', lazy: loadTemplates },
    ],
  },
];

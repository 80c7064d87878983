import { createElement } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';
import { mailMergesRoutes } from '../mail-merges';
import { newMailMergeRoute } from '../merge-composer';
import { RequireSpacePermission } from '../spaces';

const loadTemplates = async () => ({ Component: (await import('../templates')).TemplatesPage });

/**
 * The work areas under the space prefix (ROUTE-010 ROUTE-011 ROUTE-012 ROUTE-013 ROUTE-014 ROUTE-015); pages
 * load on first visit.
 */
export const workAreaRoutes: RouteObject[] = [
  ...mailMergesRoutes,
  newMailMergeRoute,
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

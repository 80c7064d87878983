import { authRoutes } from '../features/auth';
import { deliverabilityRoutes } from '../features/deliverability';
import { billingRoutes } from '../features/billing';
import { eventRoutes } from '../features/events';
import { healthRoutes } from '../features/health';
import { mailMergeRoutes } from '../features/mail-merges';
import { memberRoutes } from '../features/members';
import { mergeEngineRoutes } from '../features/merge-engine';
import { renewalRoutes } from '../features/billing';
import { spaceRoutes } from '../features/spaces';
import { spreadsheetRoutes } from '../features/spreadsheets';
import { suppressionRoutes } from '../features/suppressions';
import { teamReportRoutes } from '../features/team-report';
import { templateRoutes } from '../features/templates';
import { userRoutes } from '../features/users';
import type { RouteDefinition } from '../http/route';

/**
 * The route table: every call the server answers, each with its access rule (see RouteAccess).
 * Features contribute their lines here; the authorisation tests walk this list.
 */
export const routes: readonly RouteDefinition[] = [
  ...healthRoutes,
  ...authRoutes,
  ...userRoutes,
  ...eventRoutes,
  ...spaceRoutes,
  ...memberRoutes,
  ...billingRoutes,
  ...renewalRoutes,
  ...mailMergeRoutes,
  ...mergeEngineRoutes,
  ...suppressionRoutes,
  ...teamReportRoutes,
  ...deliverabilityRoutes,
  ...templateRoutes,
  ...spreadsheetRoutes,
] as readonly RouteDefinition[];

import { healthRoutes } from '../features/health';
import type { RouteDefinition } from './route';

/**
 * The route table: every call the server answers, each with its access rule (see RouteAccess).
 * Features contribute their lines here; the authorisation tests walk this list.
 */
export const routes: readonly RouteDefinition[] = [...healthRoutes] as readonly RouteDefinition[];

import { usePageTitle } from '../../../lib/page-title';
import { LegacyUsersPage, UsersPage } from '../../members';
import { useSpace } from '../../spaces';

/**
 * {prefix}/space/users (ROUTE-018, ROUTE-019, ROUTE-027, decision C3): owners and admins of a
 * legacy plan get the legacy 'Manage Users' page, everyone else allowed the seat-based Users page;
 * a free member, or a member of a legacy space, gets a blank page.
 */
export function Component() {
  const { permissions, space } = useSpace();
  if (!permissions.canAccessUsersPage) return <BlankUsersPage />;
  return space.workspacePlan === 'LEGACY' ? <LegacyUsersPage /> : <UsersPage />;
}

function BlankUsersPage() {
  usePageTitle('Users');
  return null;
}

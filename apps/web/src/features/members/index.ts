/**
 * Member management (001 §2): the seat-based Users page and the legacy 'Manage Users' page. Import
 * it from a lazy route only, so its code stays out of the first load.
 */
export { UsersPage } from './components/users-page';
export { LegacyUsersPage } from './components/legacy-users-page';

import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../constants/domain';
import { compareRoles, hasRoleAtLeast, isManager, isOwner, roleRank, settingsPageOf } from './roles';

describe('roles', () => {
  it('PERM-001 ranks MEMBER 0 < ADMIN 1 < OWNER 2', () => {
    expect(roleRank('MEMBER')).toBe(0);
    expect(roleRank('ADMIN')).toBe(1);
    expect(roleRank('OWNER')).toBe(2);
    expect([...ROLES].sort(compareRoles)).toEqual(['MEMBER', 'ADMIN', 'OWNER']);
    expect((['OWNER', 'MEMBER', 'ADMIN'] as Role[]).sort(compareRoles)).toEqual(['MEMBER', 'ADMIN', 'OWNER']);
  });

  // role, then hasRoleAtLeast(role, MEMBER / ADMIN / OWNER)
  const atLeast: [Role | null | undefined, boolean, boolean, boolean][] = [
    ['MEMBER', true, false, false],
    ['ADMIN', true, true, false],
    ['OWNER', true, true, true],
    [null, false, false, false],
    [undefined, false, false, false],
  ];
  it.each(atLeast)('PERM-001 PERM-011 %s is at least MEMBER %s, ADMIN %s, OWNER %s', (role, m, a, o) => {
    expect(hasRoleAtLeast(role, 'MEMBER')).toBe(m);
    expect(hasRoleAtLeast(role, 'ADMIN')).toBe(a);
    expect(hasRoleAtLeast(role, 'OWNER')).toBe(o);
  });

  it('PERM-002 owners and admins are managers, members and non-members are not', () => {
    expect(isManager('OWNER')).toBe(true);
    expect(isManager('ADMIN')).toBe(true);
    expect(isManager('MEMBER')).toBe(false);
    expect(isManager(null)).toBe(false);
    expect(isManager(undefined)).toBe(false);
  });

  it('PERM-008 only the owner is the owner', () => {
    expect(isOwner('OWNER')).toBe(true);
    expect(isOwner('ADMIN')).toBe(false);
    expect(isOwner('MEMBER')).toBe(false);
    expect(isOwner(null)).toBe(false);
  });

  it('SHELL-020 a space menu choice opens General for its owner, Users for anyone else', () => {
    expect(settingsPageOf('OWNER')).toBe('general');
    expect(settingsPageOf('ADMIN')).toBe('users');
    expect(settingsPageOf('MEMBER')).toBe('users');
  });
});

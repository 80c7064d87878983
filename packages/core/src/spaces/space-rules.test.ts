import { describe, expect, it } from 'vitest';
import type { MemberStatus, Role, SeatType } from '../constants/domain';
import { canBecomeOwner, personalSpaceName, slugify, urlPrefixOf } from './space-rules';

describe('space rules', () => {
  it('ROUTE-009 builds urlPrefix as /{workspaceId}/{workspaceSlug} with a readable slug', () => {
    expect(slugify('Acme Sales')).toBe('acme-sales');
    expect(slugify("  Équipe d'été — 2026! ")).toBe('equipe-d-ete-2026');
    expect(slugify('!!!')).toBe('space');
    expect(urlPrefixOf({ id: 'w1', slug: 'acme-sales' })).toBe('/w1/acme-sales');
  });

  it('names a new account space after the first name, never under 5 characters', () => {
    expect(personalSpaceName('Pat Smith')).toBe("Pat's space");
    expect(personalSpaceName('')).toBe('My space');
  });
});

describe('who may become the owner (SPACE-025, SPACE-026)', () => {
  // role, status, seat type, per-seat, eligible
  const table: [Role, MemberStatus, SeatType, boolean, boolean][] = [
    ['MEMBER', 'ACTIVE', 'ADDED_YAMM_USER', true, true],
    ['ADMIN', 'ACCEPTED', 'ADDED_YAMM_USER', true, true],
    ['MEMBER', 'LEGACY', 'ADDED_YAMM_USER', true, true],
    ['MEMBER', 'FREE_TRIAL', 'ADDED_YAMM_USER', true, false],
    ['MEMBER', 'ACTIVE', 'PENDING_YAMM_USER', true, false],
    ['MEMBER', 'PENDING', 'ADDED_YAMM_USER', true, false],
    ['MEMBER', 'DISABLED', 'ADDED_YAMM_USER', true, false],
    ['OWNER', 'ACTIVE', 'ADDED_YAMM_USER', true, false],
    ['MEMBER', 'ACTIVE', 'PENDING_YAMM_USER', false, true],
    ['MEMBER', 'ACCEPTED', 'ADDED_YAMM_USER', false, true],
    ['MEMBER', 'FREE_TRIAL', 'ADDED_YAMM_USER', false, false],
    ['MEMBER', 'PENDING', 'ADDED_YAMM_USER', false, false],
    ['MEMBER', 'DISABLED', 'ADDED_YAMM_USER', false, false],
    ['OWNER', 'ACTIVE', 'ADDED_YAMM_USER', false, false],
  ];
  it.each(table)('SPACE-025 SPACE-026 %s %s %s, per-seat %s: %s', (role, status, seatType, isPerSeat, ok) => {
    expect(canBecomeOwner({ role, status, seatType }, isPerSeat)).toBe(ok);
  });
});

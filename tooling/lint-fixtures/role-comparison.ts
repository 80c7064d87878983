// Linted by tooling/boundaries.test.ts as if it were a web feature's file: each role decision
// below is one the lint rule refuses (it belongs in core). Line numbers are asserted there.
type Role = 'OWNER' | 'ADMIN' | 'MEMBER';
interface Space {
  userRole: Role;
}

export function ownerOnly(space: Space): boolean {
  return space.userRole === 'OWNER';
}

export function notAMember(space: Space): boolean {
  return space.userRole !== 'MEMBER';
}

export function labelOf(member: { role: Role }): string {
  return member.role == 'ADMIN' ? 'Admin' : 'Owner';
}

export function isTheOwner(role: Role): boolean {
  return 'OWNER' === role;
}

export function rankOf(space: Space): number {
  switch (space.userRole) {
    case 'OWNER':
      return 2;
    default:
      return 0;
  }
}

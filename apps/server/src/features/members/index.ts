export { memberRoutes } from './members-routes';
export { paidElsewhere } from './members-queries';
export { makeMembersPaid, markMembersForDowngrade, settleScheduledDowngrades } from './paid-seats';

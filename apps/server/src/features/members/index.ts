export { memberRoutes } from './members-routes';
export { activeSeatPlans, paidElsewhere, recountAssignedSeats } from './members-queries';
export { lockedSpace } from './seats';

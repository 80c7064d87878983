/**
 * The send guard's circuit breaker (issue 26): a running merge pauses by itself when its hard
 * bounces, its spam complaints or a provider's policy refusals say it is hurting the sender's
 * domain (the rule is core's circuitBreakerTrip). Both the send path (merge engine) and the
 * inbound path evaluate it, so it lives apart from either.
 */
export { tripCircuitBreaker } from './trip-circuit-breaker';
export { pauseMergeRow } from './circuit-breaker-queries';

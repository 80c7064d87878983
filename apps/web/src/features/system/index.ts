export { getHealthQueryOptions, useHealth } from './api/get-health';

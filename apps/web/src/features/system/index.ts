export { useHealth } from './api/get-health';

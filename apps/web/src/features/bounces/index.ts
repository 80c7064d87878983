export { BouncesPage } from './bounces-page';

export { TemplatesPage } from './components/templates-page';

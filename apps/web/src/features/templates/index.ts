export { TemplatesPage } from './components/templates-page';
export { useTemplateDrafts } from './template-drafts';

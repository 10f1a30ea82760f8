export { AddTemplateForm } from './components/AddTemplateForm';
export { TemplateChooserModal } from './components/TemplateChooserModal';
export { TemplatesBrowser } from './components/TemplatesBrowser';
export {
  fetchTemplatePdf,
  useSaveTemplateSignatureFields,
  useTemplate,
  useTemplateClauses,
  useTemplateSignatureFields,
} from './api/templates';

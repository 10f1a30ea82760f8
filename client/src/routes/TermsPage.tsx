import { usePageTitle } from '../components/ui/use-page-title';
import { LegalDocument, TERMS_SECTIONS } from '@client/features/legal';

export default function TermsPage() {
  usePageTitle('Terms & Conditions');
  return (
    <LegalDocument
      title="Terms & Conditions"
      updated="March 2024"
      note="This page summarises our terms of service. The complete terms replace it with the full landing page release."
      sections={TERMS_SECTIONS}
    />
  );
}

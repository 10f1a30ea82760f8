import { usePageTitle } from '../components/ui/use-page-title';
import { LegalDocument, TERMS_INTRO, TERMS_SECTIONS } from '@client/features/legal';

export default function TermsPage() {
  usePageTitle('Terms & Conditions');
  return (
    <LegalDocument title="Terms & Conditions" updated="March 2024" intro={TERMS_INTRO} sections={TERMS_SECTIONS} />
  );
}

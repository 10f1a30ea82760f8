import { usePageTitle } from '../components/ui/use-page-title';
import { LegalDocument, PRIVACY_SECTIONS } from '@client/features/legal';

export default function PrivacyPolicyPage() {
  usePageTitle('Privacy & Cookies Policy');
  return (
    <LegalDocument
      title="Privacy & Cookies Policy"
      updated="March 2024"
      note="This page summarises how we handle personal data. The complete policy text replaces it with the full landing page release."
      sections={PRIVACY_SECTIONS}
    />
  );
}

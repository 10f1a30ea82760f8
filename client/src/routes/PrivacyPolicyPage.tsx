import { usePageTitle } from '../components/ui/use-page-title';
import { LegalDocument, PRIVACY_INTRO, PRIVACY_SECTIONS } from '@client/features/legal';

export default function PrivacyPolicyPage() {
  usePageTitle('Privacy & Cookies Policy');
  return (
    <LegalDocument
      title="Privacy & Cookies Policy"
      updated="March 2024"
      intro={PRIVACY_INTRO}
      sections={PRIVACY_SECTIONS}
    />
  );
}

import { usePageTitle } from '../components/ui/use-page-title';
import { FeatureHighlights, Hero, RegisterCallout } from '@client/features/landing';

export default function LandingPage() {
  usePageTitle('');
  return (
    <>
      <Hero />
      <FeatureHighlights />
      <RegisterCallout />
    </>
  );
}

import { usePageTitle } from '../components/ui/use-page-title';
import { FeatureHighlights } from '../features/landing/components/FeatureHighlights';
import { Hero } from '../features/landing/components/Hero';
import { RegisterCallout } from '../features/landing/components/RegisterCallout';

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

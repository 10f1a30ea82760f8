import { usePageTitle } from '../components/ui/use-page-title';
import {
  ContactUs,
  Hero,
  OurFeatures,
  RegisterCallout,
  Testimonials,
  useHashScroll,
  WhyChooseUs,
} from '@client/features/landing';

/** The landing page; loaded on its own, without the PDF and chart code of the workspace. */
export default function LandingPage() {
  usePageTitle('');
  useHashScroll();
  return (
    <>
      <Hero />
      <OurFeatures />
      <Testimonials />
      <WhyChooseUs />
      <ContactUs />
      <RegisterCallout />
    </>
  );
}

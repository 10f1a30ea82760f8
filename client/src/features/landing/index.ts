export { ContactUs } from './components/ContactUs';
export { Hero } from './components/Hero';
export { OurFeatures } from './components/OurFeatures';
export { RegisterCallout } from './components/RegisterCallout';
export { Testimonials } from './components/Testimonials';
export { WhyChooseUs } from './components/WhyChooseUs';
export { useHashScroll } from './hooks/use-hash-scroll';

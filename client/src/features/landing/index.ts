export { FeatureHighlights } from './components/FeatureHighlights';
export { Hero } from './components/Hero';
export { RegisterCallout } from './components/RegisterCallout';

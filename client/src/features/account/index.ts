export { CompanyPanel } from './components/CompanyPanel';
export { DeleteAccountPanel } from './components/DeleteAccountPanel';
export { OnboardingChecklist } from './components/OnboardingChecklist';
export { PersonalDetailsPanel } from './components/PersonalDetailsPanel';
export { PlanSummaryCard } from './components/PlanSummaryCard';
export { ProfileCard } from './components/ProfileCard';
export { SignatureCard } from './components/SignatureCard';
export { TeamPanel } from './components/TeamPanel';

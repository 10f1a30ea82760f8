export { applyBillingChanged, refreshBilling, useSubscription } from './api/billing';
export { CheckoutView } from './components/CheckoutView';
export { InvoiceView } from './components/InvoiceView';
export { PlanOverview } from './components/PlanOverview';
export { ProjectLimitModal } from './components/ProjectLimitModal';
export { SeatsNotice } from './components/SeatsNotice';
export { countText, leftText, planState, seatPath, seatsText } from './plan-view';

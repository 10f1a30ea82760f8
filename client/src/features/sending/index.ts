export { ReviewSendForm } from './components/ReviewSendForm';
export { SendNdaModal } from './components/SendNdaModal';

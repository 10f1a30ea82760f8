export { ReviewSendForm } from './components/ReviewSendForm';
export { SendNdaModal } from './components/SendNdaModal';
export { sentMessage } from './components/SentConfirmation';

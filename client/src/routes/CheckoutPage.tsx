import { useParams } from 'react-router-dom';
import { PageHeader } from '../components/ui/PageHeader';
import { usePageTitle } from '../components/ui/use-page-title';
import { CheckoutView } from '@client/features/billing';

/** /checkout/:token: the built-in checkout of a plan. */
export default function CheckoutPage() {
  usePageTitle('Checkout');
  const { token = '' } = useParams();
  return (
    <>
      <PageHeader title="Checkout" description="Review your plan and pay to start it." />
      <CheckoutView token={token} />
    </>
  );
}

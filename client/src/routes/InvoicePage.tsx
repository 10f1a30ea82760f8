import { useParams } from 'react-router-dom';
import { usePageTitle } from '../components/ui/use-page-title';
import { useCurrentUser } from '@client/features/auth';
import { InvoiceView } from '@client/features/billing';

/** /invoices/:id: one paid invoice of the company, ready to print. */
export default function InvoicePage() {
  usePageTitle('Invoice');
  const { id = '' } = useParams();
  const user = useCurrentUser();
  return <InvoiceView id={id} companyName={user?.companyName ?? null} />;
}

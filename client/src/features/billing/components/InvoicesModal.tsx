import { Anchor, Loader, Modal, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatMoney } from '@shared/billing';
import { QueryState } from '@client/components/ui/QueryState';
import { useInvoices } from '../api/billing';
import { longDate } from '../plan-view';

/** The path of a URL of this app (the built-in invoice page), or null for another site's. */
function appPath(url: string): string | null {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const parsed = new URL(url);
    return parsed.origin === window.location.origin ? `${parsed.pathname}${parsed.search}` : null;
  } catch {
    return null;
  }
}

/** An invoice's page: ours in this tab, the provider's (Stripe's hosted invoice) in a new one. */
function InvoiceLink({ url, number }: { url: string; number: string }) {
  const label = `View invoice ${number}`;
  const path = appPath(url);
  if (path)
    return (
      <Anchor component={Link} to={path} fz="sm" aria-label={label}>
        View
      </Anchor>
    );
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" fz="sm" aria-label={`${label} (opens in a new tab)`}>
      View
    </Anchor>
  );
}

/** The company's paid invoices, newest first, each with a link to its invoice page. */
export function InvoicesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const invoices = useInvoices(opened);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Invoices"
      size={640}
      centered
      styles={{ title: { fontWeight: 650, fontSize: 18 } }}
    >
      <QueryState
        query={invoices}
        errorTitle="The invoices could not be loaded"
        loading={<Loader size="sm" aria-label="Loading invoices" />}
        isEmpty={(data) => data.results.length === 0}
        empty={
          <Text fz="sm" c="dimmed">
            No paid invoices yet. Each payment of your plan or its add-ons issues one.
          </Text>
        }
      >
        {(data) => (
          <Table verticalSpacing="xs" aria-label="Paid invoices">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Invoice</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Link</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.results.map((invoice) => (
                <Table.Tr key={invoice.id} data-testid="invoice-row">
                  <Table.Td>{invoice.number}</Table.Td>
                  <Table.Td>{longDate(invoice.created)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(invoice.total, invoice.currency)}</Table.Td>
                  <Table.Td ta="right">
                    <InvoiceLink url={invoice.hostedInvoiceUrl} number={invoice.number} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
    </Modal>
  );
}

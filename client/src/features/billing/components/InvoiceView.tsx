import { Alert, Badge, Button, Divider, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatMoney, formatTaxRate } from '@shared/billing';
import type { InvoiceDto, InvoicePartyDto } from '@shared/schemas/billing';
import { PageError, PageSkeleton } from '@client/components/ui/PageState';
import { isNotFound, toastError } from '@client/lib/errors';
import { downloadInvoicePdf, useInvoice } from '../api/billing';
import { longDate } from '../plan-view';
import classes from './InvoiceView.module.css';

/** A party's legal name, address lines and VAT number, as the invoice states them. */
function Party({ label, party, fallbackName }: { label: string; party: InvoicePartyDto | null; fallbackName: string }) {
  return (
    <Stack gap={2} data-testid={`invoice-${label === 'From' ? 'seller' : 'customer'}`}>
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{party?.name ?? fallbackName}</Text>
      {party && (
        <>
          <Text fz="sm" style={{ whiteSpace: 'pre-line' }}>
            {party.address}
          </Text>
          {party.vat && <Text fz="sm">VAT number: {party.vat}</Text>}
        </>
      )}
    </Stack>
  );
}

/** Net, tax at its rate, and gross: what the invoice adds up to. */
function Totals({ inv }: { inv: InvoiceDto }) {
  const money = (minor: number) => formatMoney(minor, inv.currency);
  const split = inv.net !== null && inv.tax !== null && inv.taxRateBp !== null;
  return (
    <Stack gap={6} align="flex-end" data-testid="invoice-totals">
      {split && (
        <>
          <Group gap="xl" justify="flex-end">
            <Text fz="sm">Net</Text>
            <Text fz="sm" miw={110} ta="right" data-testid="invoice-net">
              {money(inv.net!)}
            </Text>
          </Group>
          <Group gap="xl" justify="flex-end">
            <Text fz="sm">VAT at {formatTaxRate(inv.taxRateBp!)}</Text>
            <Text fz="sm" miw={110} ta="right" data-testid="invoice-tax">
              {money(inv.tax!)}
            </Text>
          </Group>
        </>
      )}
      <Group gap="xl" justify="flex-end">
        <Text fw={600}>Total</Text>
        <Text fz="xl" fw={700} miw={110} ta="right" data-testid="invoice-total">
          {money(inv.total)}
        </Text>
      </Group>
    </Stack>
  );
}

/**
 * The built-in provider's invoice page, as a finance team files it: its number and date, the seller
 * and the customer (legal name, address, VAT number), the billing period, the lines, net, tax and
 * gross. Printable, and downloadable as the same invoice in PDF.
 */
export function InvoiceView({ id, companyName }: { id: string; companyName: string | null }) {
  const invoice = useInvoice(id);
  const [downloading, setDownloading] = useState(false);
  if (invoice.isError) {
    if (isNotFound(invoice.error))
      return (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="This invoice does not exist">
          <Link to="/plan">Back to Plan</Link>
        </Alert>
      );
    return <PageError error={invoice.error} onRetry={() => void invoice.refetch()} />;
  }
  if (!invoice.data) return <PageSkeleton />;
  const inv = invoice.data;
  const download = () => {
    setDownloading(true);
    downloadInvoicePdf(inv)
      .catch((err: unknown) => toastError(err))
      .finally(() => setDownloading(false));
  };

  return (
    <Stack gap="md" maw={760} mx="auto">
      <Group justify="space-between" className={classes.noPrint}>
        <Button component={Link} to="/plan" variant="subtle">
          Back to Plan
        </Button>
        <Group gap="xs">
          <Button variant="light" leftSection={<IconDownload size={18} />} loading={downloading} onClick={download}>
            Download PDF
          </Button>
          <Button variant="light" leftSection={<IconPrinter size={18} />} onClick={() => window.print()}>
            Print
          </Button>
        </Group>
      </Group>
      <Paper
        withBorder
        p={{ base: 'md', sm: 'xl' }}
        component="article"
        aria-labelledby="invoice-title"
        className={classes.sheet}
      >
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start">
            <Stack gap={2}>
              <Title order={1} fz={26} id="invoice-title">
                Invoice {inv.number}
              </Title>
              <Text c="dimmed">Issued {longDate(inv.created)}</Text>
            </Stack>
            <Badge color={inv.paid ? 'teal' : 'orange'} variant="light" size="lg">
              {inv.paid ? 'Paid' : 'Unpaid'}
            </Badge>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
            <Party label="From" party={inv.seller} fallbackName="—" />
            <Party label="Billed to" party={inv.customer} fallbackName={companyName ?? '—'} />
          </SimpleGrid>
          {inv.periodStart && inv.periodEnd && (
            <Stack gap={2}>
              <Text fz="sm" c="dimmed">
                Billing period
              </Text>
              <Text data-testid="invoice-period">
                {longDate(inv.periodStart)} to {longDate(inv.periodEnd)}
              </Text>
            </Stack>
          )}
          <Table verticalSpacing="sm" aria-label="Invoice lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Description</Table.Th>
                <Table.Th ta="right">Quantity</Table.Th>
                <Table.Th ta="right">{inv.taxRateBp === null ? 'Amount' : 'Amount incl. VAT'}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {inv.lines.map((line, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{line.description}</Table.Td>
                  <Table.Td ta="right">{line.quantity}</Table.Td>
                  <Table.Td ta="right">{formatMoney(line.amount, inv.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Divider />
          <Totals inv={inv} />
          {inv.paid && (
            <Text fz="sm" c="dimmed">
              Paid in full on {longDate(inv.created)}. Thank you.
            </Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

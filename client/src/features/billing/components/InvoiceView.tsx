import { Alert, Badge, Button, Divider, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { formatMoney } from '@shared/billing';
import { PageError, PageSkeleton } from '@client/components/ui/PageState';
import { isNotFound } from '@client/lib/errors';
import { useInvoice } from '../api/billing';
import { longDate } from '../plan-view';
import classes from './InvoiceView.module.css';

/** The built-in provider's invoice page: printable, with its number, date, company, lines and total. */
export function InvoiceView({ id, companyName }: { id: string; companyName: string | null }) {
  const invoice = useInvoice(id);
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

  return (
    <Stack gap="md" maw={760} mx="auto">
      <Group justify="space-between" className={classes.noPrint}>
        <Button component={Link} to="/plan" variant="subtle">
          Back to Plan
        </Button>
        <Button variant="light" leftSection={<IconPrinter size={18} />} onClick={() => window.print()}>
          Print
        </Button>
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
          <Stack gap={2}>
            <Text fz="sm" c="dimmed">
              Billed to
            </Text>
            <Text fw={600}>{companyName ?? '—'}</Text>
          </Stack>
          <Table verticalSpacing="sm" aria-label="Invoice lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Description</Table.Th>
                <Table.Th ta="right">Quantity</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
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
          <Group justify="space-between">
            <Text fw={600}>Total</Text>
            <Text fz="xl" fw={700} data-testid="invoice-total">
              {formatMoney(inv.total, inv.currency)}
            </Text>
          </Group>
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

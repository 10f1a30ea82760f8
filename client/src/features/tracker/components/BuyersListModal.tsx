import { Alert, Button, Code, FileButton, Group, List, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { CONTACT_CSV_TEMPLATE, CONTACT_CSV_TEMPLATE_NAME, isCsvFileName } from '@shared/csv';
import { CONTACT_MESSAGES } from '@shared/schemas/contacts';
import { trpc } from '@client/lib/trpc';
import { errorMessageOf } from '@client/lib/errors';
import { saveBlob } from '@client/lib/rest';
import { type CsvUploadResult, fetchBuyersCsvTemplate, uploadBuyersCsv } from '../api/dashboard';

/**
 * 'Upload list of buyers': the 'Buyers List Information' modal explains the CSV, offers the template,
 * takes the file and reports what became of each row.
 */
export function BuyersListModal({
  opened,
  onClose,
  projectId,
}: {
  opened: boolean;
  onClose: () => void;
  projectId: number;
}) {
  const utils = trpc.useUtils();
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<CsvUploadResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setResult(null);
    setFailure(null);
    onClose();
  };

  const download = async () => {
    try {
      saveBlob(await fetchBuyersCsvTemplate(), CONTACT_CSV_TEMPLATE_NAME);
    } catch {
      // The template is also known here: offer it even when the server cannot be reached.
      saveBlob(new Blob([CONTACT_CSV_TEMPLATE], { type: 'text/csv' }), CONTACT_CSV_TEMPLATE_NAME);
    }
  };

  const upload = async (file: File | null) => {
    if (!file) return;
    setFailure(null);
    setResult(null);
    if (!isCsvFileName(file.name)) {
      setFailure(CONTACT_MESSAGES.csvNotCsv);
      return;
    }
    setPending(true);
    try {
      setResult(await uploadBuyersCsv(projectId, file));
      void utils.contacts.invalidate();
    } catch (err) {
      setFailure(errorMessageOf(err, CONTACT_MESSAGES.csvFailed));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Buyers List Information"
      size="lg"
      styles={{ title: { fontWeight: 650, fontSize: 18 } }}
    >
      <Stack gap="md">
        <Text fz="sm">
          Upload a CSV file of potential buyers to add them to your network. Then pick them as recipients when you send
          the NDA to a new group.
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>
            The first row names the columns: <Code>first_name</Code>, <Code>last_name</Code>, <Code>email</Code>.
          </List.Item>
          <List.Item>One buyer per row. Buyers already in your network are skipped.</List.Item>
          <List.Item>E-mails of your own team are refused: they cannot be recipients.</List.Item>
        </List>
        <Group gap="sm">
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => void download()}>
            Download the template CSV
          </Button>
          <FileButton
            onChange={(file) => void upload(file)}
            accept=".csv,text/csv"
            inputProps={{ 'data-testid': 'buyers-csv-input' } as never}
          >
            {(props) => (
              <Button {...props} leftSection={<IconFileSpreadsheet size={16} />} loading={pending}>
                Choose CSV file
              </Button>
            )}
          </FileButton>
        </Group>
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={CONTACT_MESSAGES.csvFailed}>
            {failure}
          </Alert>
        )}
        {result && (
          <Alert
            color={result.errors.length ? 'yellow' : 'teal'}
            variant="light"
            icon={<IconCircleCheck size={18} />}
            title={result.detail}
          >
            <Text fz="sm">
              {result.created} added to your network, {result.skipped} already there
              {result.errors.length ? `, ${result.errors.length} not added:` : '.'}
            </Text>
            {result.errors.length > 0 && (
              <ScrollArea.Autosize mah={200} mt="xs">
                <Table fz="xs" verticalSpacing={4}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={60}>Row</Table.Th>
                      <Table.Th>Problem</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {result.errors.map((e) => (
                      <Table.Tr key={`${e.row}-${e.message}`}>
                        <Table.Td>{e.row}</Table.Td>
                        <Table.Td>{e.message}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
            )}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import type { ReportExport } from '@shared/reports';
import { notifyError } from '@client/components/ui/notify';
import { errorMessageOf } from '@client/lib/errors';
import { downloadReportCsv } from '../api/reports';
import type { ReportQuery } from '../api/report-filter';

const LABELS: Record<ReportExport, string> = {
  events: 'Export events (CSV)',
  statuses: 'Export NDA statuses (CSV)',
  engagement: 'Export engagement (CSV)',
};

/** Downloads of the filter's scope as CSV: its events, each group's NDA status and time to sign, and each group's engagement. */
export function ReportExports({ query }: { query: ReportQuery }) {
  const [busy, setBusy] = useState<ReportExport | null>(null);
  const download = async (kind: ReportExport) => {
    setBusy(kind);
    try {
      await downloadReportCsv(kind, query);
    } catch (err) {
      notifyError(errorMessageOf(err, 'The export could not be downloaded.'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="sm" justify="flex-end">
      {(Object.keys(LABELS) as ReportExport[]).map((kind) => (
        <Button
          key={kind}
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={busy === kind}
          onClick={() => void download(kind)}
        >
          {LABELS[kind]}
        </Button>
      ))}
    </Group>
  );
}

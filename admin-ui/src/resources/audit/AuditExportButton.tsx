import DownloadIcon from '@mui/icons-material/Download';
import { downloadFile } from '@impact-calls/api-client';
import { useState } from 'react';
import { Button, useListContext, useNotify } from 'react-admin';
import { api } from '../../providers/client';

/** Downloads the events the list's filters select, as CSV. */
export function AuditExportButton() {
  const { filterValues } = useListContext();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const query = { filter: JSON.stringify(filterValues ?? {}) };
      await downloadFile(api.GET('/api/admin/audit/export', { params: { query }, parseAs: 'stream' }));
    } catch {
      notify('resources.audit.export-failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return <Button label="resources.audit.export" onClick={() => void run()} disabled={busy} startIcon={<DownloadIcon />} />;
}

import Archive from '@mui/icons-material/Archive';
import FileDownload from '@mui/icons-material/FileDownload';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { ApiError } from '@impact-calls/api-client';
import { formatFileSize, type Language } from '@impact-calls/domain';
import { useState, type ReactElement } from 'react';
import { Button, useListContext, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { isMessageKey } from '../../providers/dataProvider';
import { isLanguage } from '../../providers/i18nProvider';
import { downloadExport, downloadSubmissionDossier, downloadSubmissionPdf, type ExportKind, type ExportProgress } from './documents';

function useLanguage(): Language {
  const [locale] = useLocaleState();
  return isLanguage(locale) ? locale : 'it';
}

/** Notifies a failed download with the API's key when the catalogs know it. */
function useDownloadError() {
  const notify = useNotify();
  return (e: unknown) => notify(e instanceof ApiError && isMessageKey(e.key) ? e.key : 'pages.admin.documents.error', { type: 'error' });
}

/** One download button: a spinner while the server prepares the file. */
function DownloadButton({ label, icon, run }: { label: string; icon: ReactElement; run: () => Promise<unknown> }) {
  const [busy, setBusy] = useState(false);
  const onError = useDownloadError();
  return (
    <Button
      label={label}
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={() => {
        setBusy(true);
        run()
          .catch(onError)
          .finally(() => setBusy(false));
      }}
    >
      {busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : icon}
    </Button>
  );
}

/** The submission review's "PDF" and "Dossier". */
export function SubmissionDocumentButtons({ id }: { id: string }) {
  const lang = useLanguage();
  return (
    <>
      <DownloadButton label="pages.admin.documents.pdf" icon={<PictureAsPdf />} run={() => downloadSubmissionPdf(id, lang)} />
      <DownloadButton label="pages.admin.documents.dossier" icon={<Archive />} run={() => downloadSubmissionDossier(id, lang)} />
    </>
  );
}

const EXPORTS: { kind: ExportKind; label: string; icon: ReactElement }[] = [
  { kind: 'xlsx', label: 'pages.admin.documents.export', icon: <FileDownload /> },
  { kind: 'pdfs', label: 'pages.admin.documents.export-pdfs', icon: <PictureAsPdf /> },
  { kind: 'dossiers', label: 'pages.admin.documents.export-dossiers', icon: <Archive /> },
];

/**
 * The submissions list's exports of what its filters select: "Export" (the .xlsx, instead of
 * react-admin's CSV), "Download all PDFs" and "Download dossiers" (ZIPs), with their progress.
 */
export function SubmissionExportButtons() {
  const { filterValues, total } = useListContext();
  const translate = useTranslate();
  const notify = useNotify();
  const onError = useDownloadError();
  const lang = useLanguage();
  const [running, setRunning] = useState<{ kind: ExportKind; progress: ExportProgress }>();
  const start = (kind: ExportKind) => {
    setRunning({ kind, progress: { received: 0 } });
    downloadExport(kind, filterValues as Record<string, unknown>, lang, (progress) => setRunning({ kind, progress }))
      .then((file) => notify('pages.admin.documents.done', { type: 'success', messageArgs: { name: file.fileName } }))
      .catch(onError)
      .finally(() => setRunning(undefined));
  };
  const p = running?.progress;
  const percent = p?.total ? Math.round((100 * (p.done ?? 0)) / p.total) : undefined;
  return (
    <>
      {EXPORTS.map((x) => (
        <Button
          key={x.kind}
          label={x.label}
          disabled={!!running || total === 0}
          aria-busy={running?.kind === x.kind || undefined}
          onClick={() => start(x.kind)}
          data-testid={`export-${x.kind}`}
        >
          {running?.kind === x.kind ? <CircularProgress size={18} color="inherit" aria-hidden /> : x.icon}
        </Button>
      ))}
      <Box role="status" aria-live="polite" sx={{ minWidth: running ? 180 : 0, alignSelf: 'center' }} data-testid="export-progress">
        {running && (
          <>
            <Typography variant="caption" component="div">
              {p?.total !== undefined && p.done !== undefined
                ? translate('pages.admin.documents.progress', { done: p.done, total: p.total })
                : translate('pages.admin.documents.progress-bytes', { size: formatFileSize(p?.received ?? 0, lang) })}
            </Typography>
            <LinearProgress
              variant={percent === undefined ? 'indeterminate' : 'determinate'}
              value={percent}
              aria-label={translate(EXPORTS.find((x) => x.kind === running.kind)!.label)}
            />
          </>
        )}
      </Box>
    </>
  );
}

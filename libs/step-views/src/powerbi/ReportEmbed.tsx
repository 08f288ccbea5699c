import FullscreenIcon from '@mui/icons-material/Fullscreen';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Embed } from 'powerbi-client';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import type { FillTranslate } from '../FillText';

const PowerBiFrame = lazy(() => import('./PowerBiFrame'));

/** The API's ReportEmbedDto, as far as the embed reads it (this package does not import the API client). */
export interface ReportEmbedData {
  embedReport: { reportId: string; embedUrl: string };
  embedToken: { token: string };
  showFilters: boolean;
}

function Loading({ t }: { t: FillTranslate }) {
  return (
    <Stack direction="row" spacing={1} role="status" sx={{ alignItems: 'center', p: 2 }}>
      <CircularProgress size={20} aria-hidden />
      <Typography>{t('pages.admin.pbi.loading')}</Typography>
    </Stack>
  );
}

/**
 * An analytics report, in both apps: the loading message while its embed data comes, the error
 * message when it fails, nothing when there is no embed report (spec section 2), otherwise the
 * report with a fullscreen button. `t` is the app's translate function.
 */
export function ReportEmbed({
  data,
  loading,
  error,
  t,
}: {
  data: ReportEmbedData | undefined;
  loading: boolean;
  error: string | undefined;
  t: FillTranslate;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const [embedded, setEmbedded] = useState<Embed>();
  const [failed, setFailed] = useState(false);
  const onLoaded = useCallback(() => setFailed(false), []);
  const onError = useCallback(() => setFailed(true), []);

  if (loading) return <Loading t={t} />;
  if (error) return <Alert severity="error">{error}</Alert>;
  const report = data?.embedReport;
  if (!report?.embedUrl || !report.reportId || !data?.embedToken?.token) return null;

  const fullscreen = () => {
    if (embedded) embedded.fullscreen();
    else void frame.current?.requestFullscreen?.();
  };
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button startIcon={<FullscreenIcon />} onClick={fullscreen} data-testid="pbi-fullscreen">
          {t('pages.admin.pbi.fullscreen')}
        </Button>
      </Stack>
      {failed && <Alert severity="error">{t('pages.admin.pbi.error')}</Alert>}
      <Box
        ref={frame}
        data-testid="pbi-embed"
        sx={{
          width: '100%',
          height: { xs: '70vh', md: 'auto' },
          aspectRatio: { md: '16 / 10' },
          minHeight: 320,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: 'background.paper',
          '& .powerbi-frame': { width: '100%', height: '100%' },
          '& iframe': { border: 0 },
        }}
      >
        <Suspense fallback={<Loading t={t} />}>
          <PowerBiFrame
            reportId={report.reportId}
            embedUrl={report.embedUrl}
            token={data.embedToken.token}
            showFilters={data.showFilters}
            onEmbedded={setEmbedded}
            onLoaded={onLoaded}
            onError={onError}
          />
        </Suspense>
      </Box>
    </Stack>
  );
}

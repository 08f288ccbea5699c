import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTimeWithZone, formatFileSize } from '@impact-calls/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../organizations/errorMessage';
import { showNotice } from '../organizations/notices';
import { useOrganizations } from '../organizations/useOrganizations';
import { PageLoading } from '../shell/PageLoading';
import { RichHtml } from '../shell/RichHtml';
import { downloadPrivacyExport, useConsentText, useMyConsents, type ConsentRecord } from './usePrivacy';

/** The text a consent was given to, loaded when the user opens it (HTML for the branding's notice, plain text otherwise). */
function ConsentText({ version, id }: { version: string; id: string }) {
  const { t } = useTranslation();
  const { data, error, isPending } = useConsentText(version);
  if (isPending) return <LinearProgress aria-label={t('pages.privacy.show-text')} />;
  if (error) return <Alert severity="error">{errorMessage(t, error, 'errors.privacy.text-not-found')}</Alert>;
  return (
    <Box
      id={id}
      sx={{ p: 2, bgcolor: 'grey.50', border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: 320, overflow: 'auto' }}
      tabIndex={0}
    >
      {/^\s*</.test(data.text) ? (
        <RichHtml html={data.text} sx={{ '& p:first-of-type': { mt: 0 } }} />
      ) : (
        <Typography>{data.text}</Typography>
      )}
    </Box>
  );
}

function ConsentCard({ consent }: { consent: ConsentRecord }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const textId = useId();
  const date = (iso: string) => formatDateTimeWithZone(iso, i18n.language);
  const kind = t(`privacy.kinds.${consent.kind}`);
  return (
    <Card component="li" variant="outlined">
      <CardContent>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
            {kind}
          </Typography>
          {consent.withdrawnAt ? (
            <Chip size="small" label={t('pages.privacy.withdrawn', { date: date(consent.withdrawnAt) })} />
          ) : (
            <Chip size="small" color="success" variant="outlined" label={t('pages.privacy.in-force')} />
          )}
        </Stack>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('pages.privacy.given')}: {date(consent.givenAt)}
        </Typography>
        {consent.organizationName ? (
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t('pages.privacy.organization')}: {consent.organizationName}
          </Typography>
        ) : null}
        <Button sx={{ mt: 1, px: 0 }} aria-expanded={open} aria-controls={open ? textId : undefined} onClick={() => setOpen((o) => !o)}>
          {open ? t('pages.privacy.hide-text') : t('pages.privacy.show-text')}
        </Button>
        {open ? (
          <Box sx={{ mt: 1 }} role="region" aria-label={t('pages.privacy.text-of', { kind })}>
            <ConsentText version={consent.textVersion} id={textId} />
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** One download button with its progress (streamed archives have no total: the bytes received are shown). */
function DownloadButton({ label, run }: { label: string; run: (onProgress: (received: number) => void) => Promise<unknown> }) {
  const { t, i18n } = useTranslation();
  const [received, setReceived] = useState<number | null>(null);
  const statusId = useId();
  const start = async () => {
    setReceived(0);
    try {
      await run(setReceived);
      showNotice('success', t('pages.privacy.downloaded'));
    } catch (e) {
      showNotice('error', errorMessage(t, e, 'errors.privacy.export-failed'));
    } finally {
      setReceived(null);
    }
  };
  const busy = received !== null;
  return (
    <Stack spacing={1} sx={{ maxWidth: 480 }}>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        onClick={() => void start()}
        disabled={busy}
        aria-describedby={busy ? statusId : undefined}
        sx={{ justifyContent: 'flex-start', textAlign: 'left' }}
      >
        {label}
      </Button>
      {busy ? (
        <Box>
          <LinearProgress aria-label={label} />
          <Typography id={statusId} variant="body2" color="text.secondary" role="status" sx={{ mt: 0.5 }}>
            {t('pages.privacy.downloading')} {t('pages.privacy.received', { size: formatFileSize(received ?? 0, i18n.language) })}
          </Typography>
        </Box>
      ) : null}
    </Stack>
  );
}

/**
 * `/privacy`, from the user menu: the consents the user gave (the exact text of each on demand), the
 * download of their data, and of each organization they own (GDPR articles 7, 15 and 20).
 */
export default function PrivacyPage() {
  const { t } = useTranslation();
  const consents = useMyConsents();
  const organizations = useOrganizations();
  const owned = (organizations.data ?? []).filter((o) => o.role === undefined || o.role === 'owner');

  return (
    <Stack spacing={4}>
      <Stack spacing={1}>
        <Typography variant="h1">{t('pages.privacy.title')}</Typography>
        <Typography color="text.secondary">{t('pages.privacy.intro')}</Typography>
      </Stack>

      <Stack spacing={2} component="section" aria-labelledby="privacy-downloads">
        <Typography id="privacy-downloads" variant="h2" sx={{ fontSize: '1.4rem' }}>
          {t('pages.privacy.downloads-title')}
        </Typography>
        <Typography color="text.secondary">{t('pages.privacy.downloads-intro')}</Typography>
        <DownloadButton
          label={t('pages.privacy.download-me')}
          run={(onProgress) => downloadPrivacyExport({ kind: 'me' }, (p) => onProgress(p.received))}
        />
        {owned.map((o) => (
          <DownloadButton
            key={o.id}
            label={t('pages.privacy.download-organization', { name: o.name })}
            run={(onProgress) => downloadPrivacyExport({ kind: 'organization', organizationId: o.id }, (p) => onProgress(p.received))}
          />
        ))}
        {(organizations.data ?? []).length > owned.length ? (
          <Typography variant="body2" color="text.secondary">
            {t('pages.privacy.owners-only')}
          </Typography>
        ) : null}
      </Stack>

      <Stack spacing={2} component="section" aria-labelledby="privacy-consents">
        <Typography id="privacy-consents" variant="h2" sx={{ fontSize: '1.4rem' }}>
          {t('pages.privacy.consents-title')}
        </Typography>
        {consents.isPending ? (
          <PageLoading />
        ) : consents.error ? (
          <Alert severity="error">{errorMessage(t, consents.error, 'pages.privacy.load-error')}</Alert>
        ) : consents.data.length === 0 ? (
          <Alert severity="info">{t('pages.privacy.consents-empty')}</Alert>
        ) : (
          <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-labelledby="privacy-consents">
            {consents.data.map((c) => (
              <ConsentCard key={c.id} consent={c} />
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}

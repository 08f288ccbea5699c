import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { formatFileSize, formatSroi } from '@impact-calls/domain';
import { FillTextProvider, StepView, type FillAttachment, type FillTranslate } from '@impact-calls/step-views';
import { useCallback, useId, useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { errorKeyOf, reviewApi, type ReviewWorkspace } from './reviewApi';
import { useZonedDate } from './parts';

/**
 * The application, read-only, with the applicant app's step renderers (as the console's
 * submission review shows it). In a blind phase the API sends no organization nor user and
 * names the files "Attachment n"; this view shows no identity field then, whatever it gets.
 */
export function ApplicationView({ workspace }: { workspace: ReviewWorkspace }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const zoned = useZonedDate();
  const [index, setIndex] = useState(0);
  const baseId = useId();
  const t: FillTranslate = useCallback((key, vars) => translate(key, vars ?? {}), [translate]);
  const { submission, blind } = workspace;
  const step = submission.steps[index];
  const result = step && submission.stepResults.find((r) => r.stepId === step.id);
  const download = (a: Pick<FillAttachment, 'id' | 'fileName'>) =>
    reviewApi.download(workspace.id, a.id, a.fileName).then(
      () => undefined,
      (e: unknown) => {
        notify(errorKeyOf(e, 'pages.review-workspace.application.download-error'), { type: 'error' });
      },
    );
  const organization = blind ? null : submission.organization;
  const user = blind ? null : submission.user;
  return (
    <FillTextProvider value={t}>
      <Box component="section" aria-labelledby={`${baseId}-title`}>
        <Typography id={`${baseId}-title`} variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {workspace.callName} · {submission.code}
        </Typography>
        {organization && (
          <Typography color="text.secondary" data-testid="review-identity" sx={{ overflowWrap: 'anywhere' }}>
            {organization.name}
            {user && ` · ${user.firstName} ${user.lastName}`.trimEnd()}
          </Typography>
        )}
        {blind && (
          <Typography variant="body2" color="text.secondary">
            {translate('pages.review-workspace.application.blind')}
          </Typography>
        )}
        {submission.submittedAt && (
          <Typography variant="body2">
            {translate('pages.review-workspace.application.submitted-at', { date: zoned(submission.submittedAt) })}
          </Typography>
        )}
        {submission.sroiScore !== null && (
          <Typography variant="body2" data-testid="review-sroi">
            {translate('pages.review-workspace.application.sroi')}: {formatSroi(submission.sroiScore, locale)}
          </Typography>
        )}
        {submission.steps.length === 0 ? (
          <Typography sx={{ mt: 2 }}>{translate('pages.review-workspace.application.no-steps')}</Typography>
        ) : (
          <Card variant="outlined" sx={{ mt: 2 }}>
            <Tabs
              value={index}
              onChange={(_, i: number) => setIndex(i)}
              variant="scrollable"
              scrollButtons="auto"
              allowScrollButtonsMobile
              aria-label={translate('pages.review-workspace.application.steps')}
              sx={{ borderBottom: 1, borderColor: 'divider' }}
            >
              {submission.steps.map((s, i) => (
                <Tab key={s.id} id={`${baseId}-tab-${i}`} aria-controls={`${baseId}-panel-${i}`} label={`${i + 1}. ${s.name}`} />
              ))}
            </Tabs>
            {step && (
              <CardContent
                role="tabpanel"
                id={`${baseId}-panel-${index}`}
                aria-labelledby={`${baseId}-tab-${index}`}
                data-testid="review-step"
              >
                <Typography variant="h6" component="h2" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
                  {step.name}
                </Typography>
                {!result && ['survey', 'quiz', 'miniDyi'].includes(step.stepTypeName) && (
                  <Typography color="text.secondary">{translate('pages.review-workspace.application.no-answer')}</Typography>
                )}
                <StepView
                  key={step.id}
                  step={step}
                  result={result?.content}
                  readOnly
                  language={locale}
                  attachments={submission.attachments}
                  scores={{ closed: true, quizScore: null, sroiScore: submission.sroiScore }}
                  uploads={{
                    upload: () => Promise.reject(new Error('read-only')),
                    remove: () => Promise.reject(new Error('read-only')),
                    download,
                  }}
                />
              </CardContent>
            )}
          </Card>
        )}
        <Box component="section" aria-labelledby={`${baseId}-files`} sx={{ mt: 3 }}>
          <Typography id={`${baseId}-files`} variant="h6" component="h2">
            {translate('pages.review-workspace.application.attachments')}
          </Typography>
          {submission.attachments.length === 0 ? (
            <Typography color="text.secondary">{translate('pages.review-workspace.application.no-attachments')}</Typography>
          ) : (
            <List dense data-testid="review-attachments">
              {submission.attachments.map((a) => (
                <ListItem
                  key={a.id}
                  disableGutters
                  secondaryAction={
                    <Button
                      size="small"
                      startIcon={<FileDownloadIcon />}
                      onClick={() => void download(a)}
                      aria-label={`${translate('pages.review-workspace.application.download')}: ${a.fileName}`}
                    >
                      {translate('pages.review-workspace.application.download')}
                    </Button>
                  }
                  sx={{ pr: 16 }}
                >
                  <ListItemText
                    primary={a.fileName}
                    secondary={[a.description, formatFileSize(a.dimensions, locale)].filter(Boolean).join(' · ')}
                    slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Box>
      </Box>
    </FillTextProvider>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useRef, useState } from 'react';
import { Title, useBasename, useCreate, useGetOne, useNotify, useTranslate, useUpdate } from 'react-admin';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { SurveyRecord } from './surveyApi';

const SurveyCreatorPanel = lazy(() => import('./SurveyCreatorPanel'));
type Json = Record<string, unknown>;

function Designer({
  survey,
  onSave,
  saving,
}: {
  survey?: SurveyRecord;
  onSave: (v: { name: string; description: string; json: Json }) => void;
  saving: boolean;
}) {
  const translate = useTranslate();
  const [name, setName] = useState(survey?.name ?? '');
  const [description, setDescription] = useState(survey?.description ?? '');
  // The creator starts from the saved JSON; its changes are kept in a ref read when saving.
  const [initial] = useState<Json>(() => (survey?.json as Json) ?? { pages: [] });
  const json = useRef<Json>(initial);
  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
        <TextField
          label={translate('resources.surveys.fields.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          sx={{ flex: 1 }}
        />
        <TextField
          label={translate('resources.surveys.fields.description')}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          required
          sx={{ flex: 2 }}
        />
        <Button
          variant="contained"
          disabled={!name.trim() || !description.trim() || saving}
          onClick={() => onSave({ name: name.trim(), description: description.trim(), json: json.current })}
          sx={{ mt: { md: 1 } }}
        >
          {translate('ra.action.save')}
        </Button>
      </Stack>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, minHeight: '70vh', display: 'flex', width: '100%', minWidth: 0 }}>
        <Suspense fallback={<Box sx={{ p: 3 }}>{translate('app.loading')}</Box>}>
          <SurveyCreatorPanel json={initial} onChange={(next) => (json.current = next)} />
        </Suspense>
      </Box>
    </Stack>
  );
}

/** `/admin/survey/creator?id=` (and `/admin/surveys/{id}`): the Survey Creator on a survey of the library. */
export function SurveyCreatorPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const [params] = useSearchParams();
  const { id: pathId } = useParams();
  const id = params.get('id') ?? pathId;
  const { data, isPending, error } = useGetOne<SurveyRecord>('surveys', { id: id! }, { enabled: !!id });
  const [update, { isPending: saving }] = useUpdate<SurveyRecord>();
  return (
    <>
      <Title title={translate('pages.admin.surveys.creator-title')} />
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        {translate('pages.admin.surveys.creator-title')}
        {data ? ` – ${data.name}` : ''}
      </Typography>
      {!id || error ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {translate('errors.survey-not-found')}
        </Alert>
      ) : isPending ? null : (
        <Designer
          key={data?.id}
          survey={data}
          saving={saving}
          onSave={(v) =>
            update(
              'surveys',
              { id: id!, data: { ...v, version: data?.version }, previousData: data },
              {
                mutationMode: 'pessimistic',
                onSuccess: () => notify('pages.admin.survey-saved', { type: 'success' }),
                onError: () => notify('pages.admin.error-saving', { type: 'error' }),
              },
            )
          }
        />
      )}
    </>
  );
}

/** `/admin/calls/create/survey`: create a survey of the library with the Survey Creator. */
export function SurveyCreatePage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const basename = useBasename();
  const [create, { isPending }] = useCreate<SurveyRecord>();
  return (
    <>
      <Title title={translate('pages.admin.surveys.create-title')} />
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        {translate('pages.admin.surveys.create-title')}
      </Typography>
      <Designer
        saving={isPending}
        onSave={(v) =>
          create(
            'surveys',
            { data: v },
            {
              onSuccess: (s) => {
                notify('pages.admin.survey-created', { type: 'success' });
                void navigate(`${basename}/survey/creator?id=${s.id}`);
              },
              onError: () => notify('pages.admin.error-saving', { type: 'error' }),
            },
          )
        }
      />
    </>
  );
}

export default SurveyCreatorPage;

import { surveyQuestions } from '@impact-calls/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useRef, useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { answerValue, choicesOf, readSurveyJson, setCorrectAnswer } from '../stepModel';

const SurveyCreatorPanel = lazy(() => import('../../surveys/SurveyCreatorPanel'));

type Json = Record<string, unknown>;

/** survey and quiz: a SurveyJS JSON edited in the Survey Creator (lazy), as JSON text, or copied from the library. */
export function SurveyContent({ base, quiz }: { base: string; quiz: boolean }) {
  const translate = useTranslate();
  const source = `${base}.content`;
  const { setValue } = useFormContext();
  const value = useWatch({ name: source }) as unknown;
  const json = readSurveyJson(value) ?? { pages: [] };
  const questions = surveyQuestions(json);
  const [creatorOpen, setCreatorOpen] = useState(false);
  const [jsonText, setJsonText] = useState<string>();
  const [jsonError, setJsonError] = useState(false);
  const latest = useRef<Json>(json);
  const library = useGetList('surveys', { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } });

  const update = (next: Json) => setValue(source, next, { shouldDirty: true, shouldValidate: true });

  return (
    <Stack spacing={2}>
      <Typography variant="body2" data-testid="survey-summary">
        {translate('pages.admin.steps.survey.summary', { count: questions.length, smart_count: questions.length })}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          variant="contained"
          onClick={() => {
            latest.current = json;
            setCreatorOpen(true);
          }}
        >
          {translate('pages.admin.steps.survey.open-creator')}
        </Button>
        <Button variant="outlined" onClick={() => setJsonText(jsonText === undefined ? JSON.stringify(json, null, 2) : undefined)}>
          {translate(jsonText === undefined ? 'pages.admin.steps.survey.edit-json' : 'pages.admin.steps.survey.hide-json')}
        </Button>
        <FormControl size="small" sx={{ minWidth: 220 }}>
          <InputLabel id={`${base}-library`}>{translate('pages.admin.steps.survey.from-library')}</InputLabel>
          <Select
            labelId={`${base}-library`}
            label={translate('pages.admin.steps.survey.from-library')}
            value=""
            onChange={(e) => {
              const chosen = library.data?.find((s) => s.id === e.target.value);
              const copy = readSurveyJson(chosen?.json);
              if (copy) update(copy);
            }}
          >
            {(library.data ?? []).map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {s.name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </Stack>
      {jsonText !== undefined && (
        <TextField
          label={translate('pages.admin.steps.survey.json')}
          value={jsonText}
          onChange={(e) => {
            setJsonText(e.target.value);
            const parsed = readSurveyJson(e.target.value);
            setJsonError(!parsed);
            if (parsed) update(parsed);
          }}
          error={jsonError}
          helperText={jsonError ? translate('pages.admin.steps.survey.json-invalid') : ' '}
          multiline
          minRows={8}
          maxRows={24}
          fullWidth
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
        />
      )}
      {quiz && <QuizAnswerKey json={json} questions={questions} onChange={update} />}
      <Dialog open={creatorOpen} onClose={() => setCreatorOpen(false)} fullScreen aria-labelledby={`${base}-creator-title`}>
        <DialogTitle id={`${base}-creator-title`}>
          {translate(quiz ? 'pages.admin.steps.survey.creator-title-quiz' : 'pages.admin.steps.survey.creator-title')}
        </DialogTitle>
        <DialogContent dividers sx={{ p: 0, display: 'flex' }}>
          <Suspense fallback={<Box sx={{ p: 3 }}>{translate('app.loading')}</Box>}>
            <SurveyCreatorPanel json={json} onChange={(next) => (latest.current = next)} />
          </Suspense>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setCreatorOpen(false)}>{translate('app.cancel')}</Button>
          <Button
            variant="contained"
            onClick={() => {
              update(latest.current);
              setJsonText(undefined);
              setCreatorOpen(false);
            }}
          >
            {translate('pages.admin.steps.survey.apply')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

/** A quiz marks the correct answer of its questions (kept on the server, never sent to applicants). */
function QuizAnswerKey({ json, questions, onChange }: { json: Json; questions: Json[]; onChange: (json: Json) => void }) {
  const translate = useTranslate();
  const marked = questions.filter((q) => q.correctAnswer !== undefined).length;
  if (questions.length === 0) return <Alert severity="info">{translate('pages.admin.steps.quiz.no-questions')}</Alert>;
  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
      <Typography component="legend" variant="subtitle1" sx={{ px: 0.5 }}>
        {translate('pages.admin.steps.quiz.answer-key')}
      </Typography>
      {marked === 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('pages.admin.steps.quiz.mark-one')}
        </Alert>
      )}
      <Stack spacing={2}>
        {questions.map((q) => {
          const name = String(q.name);
          const title = typeof q.title === 'string' ? q.title : name;
          const choices = choicesOf(q);
          const multiple = q.type === 'checkbox' || q.type === 'tagbox';
          const current = q.correctAnswer;
          const id = `answer-${name}`;
          if (choices.length === 0) {
            return (
              <TextField
                key={name}
                id={id}
                size="small"
                label={title}
                value={current === undefined ? '' : String(current)}
                onChange={(e) => onChange(setCorrectAnswer(json, name, e.target.value || undefined))}
                helperText={translate('pages.admin.steps.quiz.correct-answer')}
              />
            );
          }
          return (
            <FormControl key={name} size="small" fullWidth>
              <InputLabel id={`${id}-label`}>{title}</InputLabel>
              <Select
                labelId={`${id}-label`}
                id={id}
                label={title}
                multiple={multiple}
                value={multiple ? (Array.isArray(current) ? current.map(String) : []) : current === undefined ? '' : String(current)}
                onChange={(e) => {
                  const picked = e.target.value as string | string[];
                  onChange(setCorrectAnswer(json, name, picked === '' ? undefined : answerValue(q, picked)));
                }}
              >
                {!multiple && (
                  <MenuItem value="">
                    <em>{translate('pages.admin.steps.quiz.no-answer')}</em>
                  </MenuItem>
                )}
                {choices.map((c) => (
                  <MenuItem key={c.value} value={c.value}>
                    {c.text}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          );
        })}
      </Stack>
    </Box>
  );
}

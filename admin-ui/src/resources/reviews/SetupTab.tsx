import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Save from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AGGREGATES, browserTimeZone, SEE_OTHERS } from '@impact-calls/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { hasMessage } from '../../providers/i18nProvider';
import { errorKeyOf, reviewApi, reviewKeys, statusOf, type ReviewSetup } from './reviewApi';
import {
  criterionRows,
  fieldErrorsOf,
  GUIDANCE_LANGUAGES,
  moveRow,
  newCriterion,
  newPhase,
  phaseErrors,
  phaseRows,
  phasesPayload,
  rubricErrors,
  rubricPayload,
  settingsErrors,
  settingsForm,
  settingsPayload,
  type CriterionRow,
  type PhaseRow,
  type SettingsForm,
} from './reviewModel';
import { useReviewError } from './ReviewBits';

const T = 'pages.admin.review.setup';

/** A section's heading, its content and its save button. */
function Section({
  title,
  id,
  saveLabel,
  children,
  onSave,
  busy,
}: {
  title: string;
  id: string;
  saveLabel: string;
  children: ReactNode;
  onSave: () => void;
  busy: boolean;
}) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ py: 2 }}>
      <Typography id={id} component="h2" variant="h6" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
      <MuiButton variant="contained" startIcon={<Save />} onClick={onSave} disabled={busy} sx={{ mt: 2 }}>
        {saveLabel}
      </MuiButton>
    </Box>
  );
}

/** Errors of a form: the checks of the screen once a save was tried, and the API's refusals until the next edit. */
function useFormErrors() {
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  return {
    tried,
    setTried,
    server,
    setServer,
    merge: (local: Record<string, string>) => ({ ...(tried ? local : {}), ...server }),
  };
}

function useSaved(callId: string) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  return () => {
    notify(`${T}.saved`, { type: 'success' });
    void queryClient.invalidateQueries({ queryKey: reviewKeys.call(callId) });
  };
}

function SettingsSection({ setup }: { setup: ReviewSetup }) {
  const translate = useTranslate();
  const [form, setForm] = useState<SettingsForm>(() => settingsForm(setup.settings));
  const [busy, setBusy] = useState(false);
  const errors = useFormErrors();
  const saved = useSaved(setup.callId);
  const onError = useReviewError(setup.callId);
  const shown = errors.merge(settingsErrors(form));
  const edit = (patch: Partial<SettingsForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    errors.setServer({});
  };
  const save = async () => {
    errors.setTried(true);
    if (Object.keys(settingsErrors(form)).length) return;
    setBusy(true);
    try {
      setForm(settingsForm(await reviewApi.saveSettings(setup.callId, settingsPayload(form))));
      saved();
    } catch (e) {
      errors.setServer(fieldErrorsOf((e as { body?: unknown }).body, hasMessage));
      onError(e);
    } finally {
      setBusy(false);
    }
  };
  const err = (field: keyof SettingsForm) => (shown[field] ? translate(shown[field]) : undefined);
  return (
    <Section title={translate(`${T}.settings`)} saveLabel={translate(`${T}.save-settings`)} id="review-settings" onSave={save} busy={busy}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField
          label={translate(`${T}.reviews-per-application`)}
          type="number"
          value={form.reviewsPerApplication}
          onChange={(e) => edit({ reviewsPerApplication: e.target.value })}
          error={!!err('reviewsPerApplication')}
          helperText={err('reviewsPerApplication') ?? translate(`${T}.reviews-per-application-help`)}
          slotProps={{ htmlInput: { min: 1, max: 20, step: 1 } }}
        />
        <TextField
          select
          label={translate(`${T}.aggregate`)}
          value={form.aggregate}
          onChange={(e) => edit({ aggregate: e.target.value as SettingsForm['aggregate'] })}
          helperText={translate(`${T}.aggregate-help`)}
          sx={{ minWidth: 200 }}
        >
          {AGGREGATES.map((a) => (
            <MenuItem key={a} value={a}>
              {translate(`${T}.aggregate-${a}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={translate(`${T}.threshold`)}
          type="number"
          value={form.disagreementThreshold}
          onChange={(e) => edit({ disagreementThreshold: e.target.value })}
          error={!!err('disagreementThreshold')}
          helperText={err('disagreementThreshold') ?? translate(`${T}.threshold-help`)}
          slotProps={{ htmlInput: { min: 0, max: 100, step: 'any' } }}
        />
      </Stack>
    </Section>
  );
}

/** Up, down and remove buttons of an editor's row, named after the row. */
function RowActions({
  name,
  index,
  count,
  onMove,
  onRemove,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 0.5 }}>
      <IconButton aria-label={translate(`${T}.move-up`, { name })} disabled={index === 0} onClick={() => onMove(-1)} size="small">
        <ArrowUpward fontSize="small" />
      </IconButton>
      <IconButton aria-label={translate(`${T}.move-down`, { name })} disabled={index === count - 1} onClick={() => onMove(1)} size="small">
        <ArrowDownward fontSize="small" />
      </IconButton>
      <IconButton aria-label={translate(`${T}.remove`, { name })} onClick={onRemove} size="small">
        <DeleteOutline fontSize="small" />
      </IconButton>
    </Box>
  );
}

function PhasesSection({ setup }: { setup: ReviewSetup }) {
  const translate = useTranslate();
  const [rows, setRows] = useState<PhaseRow[]>(() => phaseRows(setup.phases));
  const [busy, setBusy] = useState(false);
  const errors = useFormErrors();
  const saved = useSaved(setup.callId);
  const onError = useReviewError(setup.callId);
  const shown = errors.merge(phaseErrors(rows));
  const zone = browserTimeZone();
  const change = (next: PhaseRow[]) => {
    setRows(next);
    errors.setServer({});
  };
  const edit = (i: number, patch: Partial<PhaseRow>) => change(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const save = async () => {
    errors.setTried(true);
    if (Object.keys(phaseErrors(rows)).length) return;
    setBusy(true);
    try {
      setRows(phaseRows(await reviewApi.savePhases(setup.callId, phasesPayload(rows))));
      errors.setTried(false);
      saved();
    } catch (e) {
      errors.setServer(fieldErrorsOf((e as { body?: unknown }).body, hasMessage));
      onError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section title={translate(`${T}.phases`)} saveLabel={translate(`${T}.save-phases`)} id="review-phases" onSave={save} busy={busy}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {translate(`${T}.phases-help`)} {zone ? translate(`${T}.time-zone`, { zone }) : ''}
      </Typography>
      {rows.length === 0 && <Alert severity="info">{translate(`${T}.no-phases`)}</Alert>}
      <Stack spacing={2}>
        {rows.map((r, i) => {
          const label = translate(`${T}.phase-n`, { n: i + 1 });
          const err = (field: string) => {
            const key = shown[`phases[${i}].${field}`];
            return key ? translate(key) : undefined;
          };
          const rowError = shown[`phases[${i}]`];
          const current = r.id !== undefined && r.id === setup.currentPhaseId;
          return (
            <Paper key={r.key} variant="outlined" component="section" aria-labelledby={`${r.key}-title`} sx={{ p: 2, minWidth: 0 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
                <Typography id={`${r.key}-title`} component="h3" variant="subtitle1" sx={{ flex: 1 }}>
                  {label}
                  {current ? ` · ${translate(`${T}.current-phase`)}` : ''}
                </Typography>
                <RowActions
                  name={r.name || label}
                  index={i}
                  count={rows.length}
                  onMove={(d) => change(moveRow(rows, i, d))}
                  onRemove={() => change(rows.filter((_, j) => j !== i))}
                />
              </Box>
              {rowError && (
                <Alert severity="error" sx={{ mb: 1.5 }}>
                  {translate(rowError)}
                </Alert>
              )}
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 1.5 }}>
                <TextField
                  label={translate(`${T}.phase-name`)}
                  value={r.name}
                  required
                  onChange={(e) => edit(i, { name: e.target.value })}
                  error={!!err('name')}
                  helperText={err('name')}
                  sx={{ flex: 2 }}
                />
                <TextField
                  label={translate(`${T}.starts-at`)}
                  type="datetime-local"
                  value={r.startsAt}
                  required
                  onChange={(e) => edit(i, { startsAt: e.target.value })}
                  error={!!err('startsAt')}
                  helperText={err('startsAt')}
                  slotProps={{ inputLabel: { shrink: true } }}
                  sx={{ flex: 1 }}
                />
                <TextField
                  label={translate(`${T}.ends-at`)}
                  type="datetime-local"
                  value={r.endsAt}
                  required
                  onChange={(e) => edit(i, { endsAt: e.target.value })}
                  error={!!err('endsAt')}
                  helperText={err('endsAt')}
                  slotProps={{ inputLabel: { shrink: true } }}
                  sx={{ flex: 1 }}
                />
              </Stack>
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 0, md: 2 }} sx={{ alignItems: { md: 'center' } }}>
                <TextField
                  select
                  label={translate(`${T}.see-others`)}
                  value={r.seeOthers}
                  onChange={(e) => edit(i, { seeOthers: e.target.value as PhaseRow['seeOthers'] })}
                  sx={{ minWidth: 240, mb: { xs: 1, md: 0 } }}
                >
                  {SEE_OTHERS.map((s) => (
                    <MenuItem key={s} value={s}>
                      {translate(`${T}.see-others-${s}`)}
                    </MenuItem>
                  ))}
                </TextField>
                <FormControlLabel
                  control={<Checkbox checked={r.mayScore} onChange={(e) => edit(i, { mayScore: e.target.checked })} />}
                  label={translate(`${T}.may-score`)}
                />
                <FormControlLabel
                  control={<Checkbox checked={r.blind} onChange={(e) => edit(i, { blind: e.target.checked })} />}
                  label={translate(`${T}.blind`)}
                />
                <FormControlLabel
                  control={<Checkbox checked={r.mayDecide} onChange={(e) => edit(i, { mayDecide: e.target.checked })} />}
                  label={translate(`${T}.may-decide`)}
                />
              </Stack>
            </Paper>
          );
        })}
      </Stack>
      <MuiButton startIcon={<Add />} onClick={() => change([...rows, newPhase()])} sx={{ mt: 1.5 }}>
        {translate(`${T}.add-phase`)}
      </MuiButton>
    </Section>
  );
}

export function RubricSection({ setup }: { setup: ReviewSetup }) {
  const translate = useTranslate();
  const [rows, setRows] = useState<CriterionRow[]>(() => criterionRows(setup.criteria));
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const errors = useFormErrors();
  const saved = useSaved(setup.callId);
  const onError = useReviewError(setup.callId);
  const shown = errors.merge(rubricErrors(rows));
  const change = (next: CriterionRow[]) => {
    setRows(next);
    errors.setServer({});
  };
  const edit = (i: number, patch: Partial<CriterionRow>) => change(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const save = async (confirmed: boolean) => {
    errors.setTried(true);
    if (Object.keys(rubricErrors(rows)).length) return;
    // Once scores exist the API keeps them against the old criteria: the administrator says yes first.
    if (!confirmed && setup.scoringStarted) {
      setConfirming(true);
      return;
    }
    setBusy(true);
    try {
      setRows(criterionRows(await reviewApi.saveRubric(setup.callId, rubricPayload(rows), confirmed)));
      errors.setTried(false);
      setConfirming(false);
      saved();
    } catch (e) {
      setConfirming(false);
      // Scoring started since the page was loaded.
      if (statusOf(e) === 409 && errorKeyOf(e) === 'errors.review.rubric-confirm') {
        setConfirming(true);
        return;
      }
      errors.setServer(fieldErrorsOf((e as { body?: unknown }).body, hasMessage));
      onError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section
      title={translate(`${T}.rubric`)}
      saveLabel={translate(`${T}.save-rubric`)}
      id="review-rubric"
      onSave={() => void save(false)}
      busy={busy}
    >
      {setup.scoringStarted && (
        <Alert severity="warning" sx={{ mb: 1.5 }}>
          {translate(`${T}.scoring-started`)}
        </Alert>
      )}
      {rows.length === 0 && <Alert severity="info">{translate(`${T}.no-criteria`)}</Alert>}
      <Stack spacing={2}>
        {rows.map((r, i) => {
          const label = translate(`${T}.criterion-n`, { n: i + 1 });
          const err = (field: string) => {
            const key = shown[`criteria[${i}].${field}`];
            return key ? translate(key) : undefined;
          };
          const numberField = (field: 'min' | 'max' | 'step' | 'weight') => (
            <TextField
              label={translate(`${T}.${field}`)}
              type="number"
              value={r[field]}
              required
              onChange={(e) => edit(i, { [field]: e.target.value })}
              error={!!err(field)}
              helperText={err(field)}
              slotProps={{ htmlInput: { step: 'any' } }}
              sx={{ flex: 1, minWidth: 100 }}
            />
          );
          return (
            <Paper key={r.key} variant="outlined" component="section" aria-labelledby={`${r.key}-title`} sx={{ p: 2, minWidth: 0 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
                <Typography id={`${r.key}-title`} component="h3" variant="subtitle1" sx={{ flex: 1 }}>
                  {label}
                </Typography>
                <RowActions
                  name={r.name || label}
                  index={i}
                  count={rows.length}
                  onMove={(d) => change(moveRow(rows, i, d))}
                  onRemove={() => change(rows.filter((_, j) => j !== i))}
                />
              </Box>
              <Stack spacing={2}>
                <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
                  <TextField
                    label={translate(`${T}.criterion-name`)}
                    value={r.name}
                    required
                    onChange={(e) => edit(i, { name: e.target.value })}
                    error={!!err('name')}
                    helperText={err('name')}
                    sx={{ flex: 2 }}
                  />
                  <FormControlLabel
                    control={<Checkbox checked={r.required} onChange={(e) => edit(i, { required: e.target.checked })} />}
                    label={translate(`${T}.required`)}
                  />
                </Stack>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
                  {numberField('min')}
                  {numberField('max')}
                  {numberField('step')}
                  {numberField('weight')}
                </Box>
                <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
                  {GUIDANCE_LANGUAGES.map((l) => (
                    <TextField
                      key={l}
                      label={translate(`${T}.guidance-${l}`)}
                      value={r.guidance[l]}
                      multiline
                      minRows={2}
                      onChange={(e) => edit(i, { guidance: { ...r.guidance, [l]: e.target.value } })}
                      error={!!err(`guidance.${l}`)}
                      helperText={err(`guidance.${l}`)}
                      sx={{ flex: 1 }}
                    />
                  ))}
                </Stack>
              </Stack>
            </Paper>
          );
        })}
      </Stack>
      <MuiButton startIcon={<Add />} onClick={() => change([...rows, newCriterion()])} sx={{ mt: 1.5 }}>
        {translate(`${T}.add-criterion`)}
      </MuiButton>
      <Confirm
        isOpen={confirming}
        loading={busy}
        title={`${T}.rubric-confirm-title`}
        content={`${T}.rubric-confirm`}
        confirm={`${T}.rubric-confirm-button`}
        onConfirm={() => void save(true)}
        onClose={() => setConfirming(false)}
      />
    </Section>
  );
}

/** The call's review settings, phases and rubric, each saved on its own. */
export function SetupTab({ setup }: { setup: ReviewSetup }) {
  return (
    <>
      <SettingsSection setup={setup} />
      <Divider />
      <PhasesSection setup={setup} />
      <Divider />
      <RubricSection setup={setup} />
    </>
  );
}

import { ApiError } from '@impact-calls/api-client';
import { isStepKind } from '@impact-calls/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { StepKindLabel } from './StepKindLabel';
import { useCreateStepType, useStepTypes } from './useStepTypes';

/** `/admin/steps`: the step types, and a form to add one by name. */
export default function StepTypesPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const types = useStepTypes();
  const create = useCreateStepType();
  const [name, setName] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(name.trim(), {
      onSuccess: () => {
        notify('pages.admin.step-type-created', { type: 'success' });
        setName('');
      },
      onError: (error) =>
        notify(error instanceof ApiError && translate(error.key, { _: '' }) ? error.key : 'pages.admin.error-saving', { type: 'error' }),
    });
  };

  return (
    <Box sx={{ py: 2, maxWidth: 720 }}>
      <Title title={translate('pages.admin.steps.types-title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('pages.admin.steps.types-title')}
      </Typography>
      <Paper variant="outlined" component="form" onSubmit={submit} sx={{ p: 2, mb: 3 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            label={translate('pages.admin.steps.type-name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            slotProps={{ htmlInput: { maxLength: 100 } }}
            helperText={translate('pages.admin.steps.type-name-help')}
            sx={{ flex: 1 }}
          />
          <Button type="submit" variant="contained" disabled={!name.trim() || create.isPending} sx={{ mt: { sm: 1 } }}>
            {translate('pages.admin.steps.create-type')}
          </Button>
        </Stack>
      </Paper>
      <List aria-label={translate('pages.admin.steps.types-title')} sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        {(types.data ?? []).map((t) => (
          <ListItem key={t.id} divider>
            {/* A built-in kind shows its translated name only; a kind added by name is shown as typed. */}
            <ListItemText
              primary={<StepKindLabel kind={t.name} />}
              secondary={isStepKind(t.name) ? translate('pages.admin.steps.built-in') : translate('pages.admin.steps.added-by-name')}
            />
            {t.hiddenInPicker && <Chip size="small" label={translate('pages.admin.steps.hidden-in-picker')} />}
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

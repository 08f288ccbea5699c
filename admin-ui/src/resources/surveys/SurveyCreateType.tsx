import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Title, useBasename, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { createSurveyType } from './surveyApi';

/** `/admin/survey/createType`: name and description, then on to the Survey Creator. */
export default function SurveyCreateType() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const basename = useBasename();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const create = useMutation({ mutationFn: createSurveyType });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { name: name.trim(), description: description.trim() },
      {
        onSuccess: (s) => {
          notify('pages.admin.survey-created', { type: 'success' });
          void navigate(`${basename}/survey/creator?id=${s.id}`);
        },
        onError: () => notify('pages.admin.error-saving', { type: 'error' }),
      },
    );
  };
  return (
    <Box sx={{ py: 2, maxWidth: 720 }}>
      <Title title={translate('pages.admin.surveys.create-type-title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('pages.admin.surveys.create-type-title')}
      </Typography>
      <Paper variant="outlined" component="form" onSubmit={submit} sx={{ p: 2 }}>
        <Stack spacing={2}>
          <TextField
            label={translate('resources.surveys.fields.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            slotProps={{ htmlInput: { maxLength: 300 } }}
          />
          <TextField
            label={translate('resources.surveys.fields.description')}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            required
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 5000 } }}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={!name.trim() || !description.trim() || create.isPending}>
              {translate('pages.admin.surveys.create-and-design')}
            </Button>
          </Box>
        </Stack>
      </Paper>
    </Box>
  );
}

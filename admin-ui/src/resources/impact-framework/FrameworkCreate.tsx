import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FRAMEWORK_COLUMNS, FRAMEWORK_IMPORT_LIMITS, type FrameworkIssue, type Language, XLSX_MIME } from '@impact-calls/domain';
import { useState } from 'react';
import {
  FileField,
  FileInput,
  Form,
  ListButton,
  maxLength,
  required,
  SaveButton,
  TextInput,
  Title,
  TopToolbar,
  useLocaleState,
  useNotify,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { FrameworkFileButtons } from './FrameworkFileButtons';
import { importFramework, importIssues, importTruncated, issueText } from './frameworks';
import { useFrameworkNotifications } from './useFrameworkNotifications';

const MAX_MB = FRAMEWORK_IMPORT_LIMITS.maxFileBytes / (1024 * 1024);
const XLSX = { [XLSX_MIME]: ['.xlsx'] };

interface FormValues {
  name: string;
  description: string;
  file?: { rawFile: File; title: string };
}

/** The file: present, an .xlsx, not over the limit (the API checks again, and much more). */
function validateFile(value: FormValues['file']): string | { message: string; args: Record<string, number> } | undefined {
  if (!value?.rawFile) return 'pages.admin.impact-framework.file-required';
  if (!/\.xlsx$/i.test(value.rawFile.name)) return 'pages.admin.impact-framework.file-type';
  if (value.rawFile.size > FRAMEWORK_IMPORT_LIMITS.maxFileBytes) return { message: 'errors.impact.file-too-large', args: { max: MAX_MB } };
  return undefined;
}

/** Every problem the API found, each with its sheet, row and column, in the console's language. */
function ImportProblems({ issues, truncated }: { issues: FrameworkIssue[]; truncated: boolean }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Alert severity="error" role="alert" sx={{ mt: 2 }}>
      <AlertTitle>{translate('pages.admin.impact-framework.errors-title')}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5, maxHeight: 360, overflow: 'auto' }}>
        {issues.map((issue, i) => (
          <li key={i}>
            <Typography variant="body2">{issueText(issue, locale as Language)}</Typography>
          </li>
        ))}
      </Box>
      {truncated && <Typography variant="body2">{translate('pages.admin.impact-framework.more-errors')}</Typography>}
    </Alert>
  );
}

/**
 * `/admin/impact-framework/create`: a name, a description and the .xlsx. Nothing is saved
 * unless the whole file is valid; otherwise every problem is listed.
 */
export default function FrameworkCreate() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const redirect = useRedirect();
  const notifications = useFrameworkNotifications();
  const [problems, setProblems] = useState<{ issues: FrameworkIssue[]; truncated: boolean } | null>(null);

  const submit = async (values: Partial<FormValues>) => {
    setProblems(null);
    try {
      const saved = await importFramework(values.file!.rawFile, values.name!, values.description!);
      notifications.saved();
      redirect('edit', 'impact-framework', saved.id);
    } catch (error) {
      const issues = importIssues(error);
      if (issues.length) setProblems({ issues, truncated: importTruncated(error) });
      notifications.saveFailed();
      // Field errors of the form (name, description) come back as { errors: { field: message } }.
      const fields = (error as { errors?: Record<string, string> }).errors;
      if (fields && Object.keys(fields).length) return fields;
    }
    return undefined;
  };

  return (
    <Box sx={{ maxWidth: 960 }}>
      <Title title={translate('pages.admin.impact-framework.create-title')} />
      <TopToolbar>
        <FrameworkFileButtons />
        <ListButton />
      </TopToolbar>
      <Card>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate('pages.admin.impact-framework.create-title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('pages.admin.impact-framework.upload-help', { columns: FRAMEWORK_COLUMNS.join(', ') })}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('pages.admin.impact-framework.limits-help', {
              mb: MAX_MB,
              rows: FRAMEWORK_IMPORT_LIMITS.maxRows.toLocaleString(locale),
            })}
          </Typography>
          <Form onSubmit={submit} defaultValues={{ name: '', description: '' }}>
            <Stack>
              <TextInput source="name" label="resources.impact-framework.fields.name" validate={[required(), maxLength(300)]} fullWidth />
              <TextInput
                source="description"
                label="resources.impact-framework.fields.description"
                validate={[required(), maxLength(4000)]}
                multiline
                minRows={3}
                fullWidth
              />
              <FileInput
                source="file"
                label="pages.admin.impact-framework.file"
                accept={XLSX}
                maxSize={FRAMEWORK_IMPORT_LIMITS.maxFileBytes}
                multiple={false}
                validate={validateFile}
                // Another file (or none) makes the last refusal's problems stale.
                onChange={() => setProblems(null)}
                placeholder={<p>{translate('pages.admin.impact-framework.drop-file')}</p>}
                options={{ onDropRejected: () => notify('pages.admin.impact-framework.file-type', { type: 'error' }) }}
                // The drop zone's hidden file input is what a screen reader reaches: it carries the field's name.
                inputProps={{ 'aria-label': translate('pages.admin.impact-framework.file') }}
              >
                <FileField source="src" title="title" />
              </FileInput>
              <Box>
                <SaveButton label="pages.admin.impact-framework.import" icon={<UploadFileIcon />} alwaysEnable />
              </Box>
            </Stack>
          </Form>
          {problems && <ImportProblems issues={problems.issues} truncated={problems.truncated} />}
        </CardContent>
      </Card>
    </Box>
  );
}

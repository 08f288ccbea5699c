import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { maxLength, required, TextInput, useTranslate } from 'react-admin';
import { MiniDyiContent } from './content/MiniDyiContent';
import { ResultsContent } from './content/ResultsContent';
import { SurveyContent } from './content/SurveyContent';
import { TextContent } from './content/TextContent';
import { UploadContent } from './content/UploadContent';
import { JsonContent } from './content/JsonContent';
import { StepKindLabel } from './StepKindLabel';

/**
 * The editor of one step, in a side panel: name, description and the content editor of its kind.
 * `callFrameworkId` is the call's framework in a call's editor (undefined for a call type on its own).
 */
export function StepPanel({
  base,
  index,
  kind,
  onClose,
  callFrameworkId,
}: {
  base: string;
  index: number;
  kind: string | undefined;
  onClose: () => void;
  callFrameworkId?: string | null;
}) {
  const translate = useTranslate();
  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{
        paper: { sx: { width: { xs: '100vw', md: 760 }, p: 3 }, role: 'dialog', 'aria-labelledby': 'step-panel-title' } as object,
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2, gap: 1 }}>
        <Typography id="step-panel-title" variant="h6" component="h2" sx={{ flex: 1 }}>
          {translate('pages.admin.steps.edit-title', { n: index + 1 })}
        </Typography>
        <Chip label={<StepKindLabel kind={kind} />} size="small" />
        <IconButton aria-label={translate('app.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <TextInput source={`${base}.name`} label="pages.admin.steps.name" validate={[required(), maxLength(300)]} fullWidth />
      <TextInput source={`${base}.description`} label="pages.admin.steps.description" validate={maxLength(5000)} multiline fullWidth />
      <Box sx={{ mt: 1 }}>
        {kind === 'text' ? (
          <TextContent base={base} />
        ) : kind === 'upload' ? (
          <UploadContent base={base} />
        ) : kind === 'miniDyi' ? (
          <MiniDyiContent base={base} callFrameworkId={callFrameworkId} />
        ) : kind === 'results' ? (
          <ResultsContent base={base} />
        ) : kind === 'survey' || kind === 'quiz' ? (
          <SurveyContent base={base} quiz={kind === 'quiz'} />
        ) : (
          <JsonContent base={base} />
        )}
      </Box>
      <Box sx={{ mt: 3, display: 'flex', justifyContent: 'flex-end' }}>
        <Button variant="contained" onClick={onClose}>
          {translate('pages.admin.steps.done')}
        </Button>
      </Box>
    </Drawer>
  );
}

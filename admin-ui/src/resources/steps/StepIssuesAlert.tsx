import Alert from '@mui/material/Alert';
import { useTranslate } from 'react-admin';
import type { StepIssue } from './stepModel';

/** Says, beside the save button, which steps could not be filled and why (the API would refuse the save). */
export function StepIssuesAlert({ issues }: { issues: StepIssue[] }) {
  const translate = useTranslate();
  if (issues.length === 0) return null;
  return (
    <Alert severity="error" data-testid="step-issues" sx={{ flex: '1 1 320px' }}>
      {translate('pages.admin.steps.cannot-save')}
      <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
        {issues.map((i) => (
          <li key={i.index}>{translate(i.key, { name: i.name })}</li>
        ))}
      </ul>
    </Alert>
  );
}

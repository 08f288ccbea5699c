import Alert from '@mui/material/Alert';
import { SaveButton, TabbedForm, Toolbar, useRecordContext, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { StepIssuesAlert } from '../steps/StepIssuesAlert';
import { StepsEditor, stepIssues, stepsComplete } from '../steps/StepsEditor';
import type { StepFormValue } from '../steps/stepModel';
import { useStepTypes } from '../steps/useStepTypes';
import { CallAnalyticsFields, CallGeneralFields } from './CallFields';
import { CallDeleteButton } from './CallDeleteButton';
import { CallTypePicker } from './CallTypePicker';
import type { CallListRecord } from './callModel';
import { useCallNotifications } from './useCallNotifications';

/**
 * Save stays disabled until the call has a name and every step a name (spec section 5), and
 * every step can be filled (what the API refuses is said here, before saving).
 */
function CallSaveButton() {
  const name = useWatch({ name: 'name' }) as string | undefined;
  const steps = useWatch({ name: 'callType.steps' }) as StepFormValue[] | undefined;
  const framework = useWatch({ name: 'impactFrameworkId' }) as string | null | undefined;
  const types = useStepTypes();
  const issues = stepIssues(steps, types.data, framework ?? null);
  const ok = !!name?.trim() && stepsComplete(steps) && issues.length === 0;
  return (
    <>
      <SaveButton disabled={!ok} alwaysEnable={ok} />
      <StepIssuesAlert issues={issues} />
    </>
  );
}

function CallToolbar({ deletable }: { deletable: boolean }) {
  const record = useRecordContext<CallListRecord>();
  const notifications = useCallNotifications();
  return (
    <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
      <CallSaveButton />
      <span style={{ flex: 1 }} />
      {deletable && record && (
        <CallDeleteButton
          record={record}
          onSuccess={notifications.deletedFromEditor}
          onError={notifications.deleteFailed}
          redirect="list"
        />
      )}
    </Toolbar>
  );
}

function SharedTypeWarning() {
  const translate = useTranslate();
  // Steps belong to the call type: say so when it already exists (other calls may use it).
  const typeId = useWatch({ name: 'callType.id' }) as string | undefined;
  return typeId ? (
    <Alert severity="info" sx={{ mb: 2, width: '100%', maxWidth: 960 }}>
      {translate('pages.admin.calls.steps-help')}
    </Alert>
  ) : null;
}

/** The steps tab: the call's framework is what miniDyi steps without their own fall back on. */
function CallSteps() {
  const framework = useWatch({ name: 'impactFrameworkId' }) as string | null | undefined;
  return <StepsEditor source="callType.steps" callFrameworkId={framework ?? null} />;
}

/** The call editor: tabs General Info, steps, PowerBI (spec: /admin/calls/{callId}); a new call first picks its call type. */
export function CallForm({ deletable, pickType = false }: { deletable: boolean; pickType?: boolean }) {
  return (
    <TabbedForm toolbar={<CallToolbar deletable={deletable} />} sx={{ maxWidth: 1100 }}>
      <TabbedForm.Tab label="pages.admin.calls.tab-general">
        {pickType && <CallTypePicker />}
        <CallGeneralFields />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="pages.admin.calls.tab-steps" path="steps">
        <SharedTypeWarning />
        <CallSteps />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="pages.admin.calls.tab-powerbi" path="powerbi">
        <CallAnalyticsFields />
      </TabbedForm.Tab>
    </TabbedForm>
  );
}

import Alert from '@mui/material/Alert';
import { DeleteWithConfirmButton, SaveButton, TabbedForm, Toolbar, useRecordContext, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { StepsEditor, stepsComplete } from '../steps/StepsEditor';
import type { StepFormValue } from '../steps/stepModel';
import { CallAnalyticsFields, CallGeneralFields } from './CallFields';
import type { CallListRecord } from './callModel';
import { useCallNotifications } from './useCallNotifications';

/** Save stays disabled until the call has a name and every step a name (spec section 5). */
function CallSaveButton() {
  const name = useWatch({ name: 'name' }) as string | undefined;
  const steps = useWatch({ name: 'callType.steps' }) as StepFormValue[] | undefined;
  return <SaveButton disabled={!name?.trim() || !stepsComplete(steps)} alwaysEnable={!!name?.trim() && stepsComplete(steps)} />;
}

function CallToolbar({ deletable }: { deletable: boolean }) {
  const record = useRecordContext<CallListRecord>();
  const notifications = useCallNotifications();
  const translate = useTranslate();
  return (
    <Toolbar sx={{ gap: 1 }}>
      <CallSaveButton />
      <span style={{ flex: 1 }} />
      {deletable && record && (
        <DeleteWithConfirmButton
          mutationMode="pessimistic"
          confirmTitle="pages.admin.calls.delete-title"
          confirmContent={
            record.submissionCount > 0 ? translate('pages.admin.error-call-has-submissions') : 'pages.admin.calls.delete-content'
          }
          translateOptions={{ name: record.name }}
          mutationOptions={{ onSuccess: notifications.deletedFromEditor, onError: notifications.deleteFailed }}
          redirect="list"
        />
      )}
    </Toolbar>
  );
}

function SharedTypeWarning() {
  const translate = useTranslate();
  const record = useRecordContext<CallListRecord & { callType?: { id: string } }>();
  return record?.callType ? (
    <Alert severity="info" sx={{ mb: 2, width: '100%', maxWidth: 960 }}>
      {translate('pages.admin.calls.steps-help')}
    </Alert>
  ) : null;
}

/** The call editor: tabs General Info, steps, PowerBI (spec: /admin/calls/{callId}). */
export function CallForm({ deletable }: { deletable: boolean }) {
  return (
    <TabbedForm toolbar={<CallToolbar deletable={deletable} />} sx={{ maxWidth: 1100 }}>
      <TabbedForm.Tab label="pages.admin.calls.tab-general">
        <CallGeneralFields />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="pages.admin.calls.tab-steps" path="steps">
        <SharedTypeWarning />
        <StepsEditor source="callType.steps" />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="pages.admin.calls.tab-powerbi" path="powerbi">
        <CallAnalyticsFields />
      </TabbedForm.Tab>
    </TabbedForm>
  );
}

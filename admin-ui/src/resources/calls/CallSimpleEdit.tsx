import { EditBase, Form, SaveButton, Title, Toolbar, useRecordContext, useRedirect, useTranslate } from 'react-admin';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useWatch } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import { CallAnalyticsFields, CallGeneralFields } from './CallFields';
import { toCallPayload, type CallFormValues } from './callModel';
import { useCallNotifications } from './useCallNotifications';

function SimpleSave() {
  const name = useWatch({ name: 'name' }) as string | undefined;
  return <SaveButton disabled={!name?.trim()} alwaysEnable={!!name?.trim()} />;
}

function Heading() {
  const translate = useTranslate();
  const record = useRecordContext<CallFormValues>();
  return <Title title={`${translate('pages.admin.calls.simple-edit-title')}${record?.name ? ` – ${record.name}` : ''}`} />;
}

/** `/admin/calls/edit/call/{callId}`: the call's fields only; its call type and steps are kept. */
export default function CallSimpleEdit() {
  const { callId } = useParams();
  const notifications = useCallNotifications();
  const redirect = useRedirect();
  return (
    <EditBase
      resource="calls"
      id={callId}
      mutationMode="pessimistic"
      queryOptions={{
        onError: () => {
          notifications.notFound();
          redirect('list', 'calls');
        },
      }}
      transform={(data: CallFormValues) => toCallPayload(data, { update: true, withSteps: false }) as never}
      mutationOptions={{ onSuccess: notifications.updated, onError: notifications.updateFailed }}
      redirect="list"
    >
      <Heading />
      <Card sx={{ mt: 2, maxWidth: 1000 }}>
        <Form>
          <CardContent>
            <CallGeneralFields />
            <CallAnalyticsFields />
          </CardContent>
          <Toolbar>
            <SimpleSave />
          </Toolbar>
        </Form>
      </Card>
    </EditBase>
  );
}

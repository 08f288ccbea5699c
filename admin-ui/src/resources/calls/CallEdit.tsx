import InsightsIcon from '@mui/icons-material/Insights';
import RateReviewIcon from '@mui/icons-material/RateReview';
import Typography from '@mui/material/Typography';
import { Button, Edit, TopToolbar, useRecordContext, useRedirect, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { SurveyReportsButton } from '../reports/SurveyReportsButton';
import { CallForm } from './CallForm';
import { toCallFormValues, toCallPayload, type CallFormValues, type CallRecord } from './callModel';
import { useCallNotifications } from './useCallNotifications';

function useEditTitle(): string {
  const record = useRecordContext<CallRecord>();
  const translate = useTranslate();
  return `${translate('pages.admin.calls.edit-title')}${record?.name ? ` – ${record.name}` : ''}`;
}

function EditTitle() {
  return <span>{useEditTitle()}</span>;
}

/** The page's level-one heading: the app bar's title is not a heading. */
function EditHeading() {
  return (
    <Typography variant="h5" component="h1" sx={{ px: 2, pt: 2, overflowWrap: 'anywhere' }}>
      {useEditTitle()}
    </Typography>
  );
}

/** Waits for the full record (the list's row lacks the call type and steps). */
function Loaded({ children }: { children: React.ReactNode }) {
  const record = useRecordContext<CallFormValues>();
  return record?.callType ? <>{children}</> : null;
}

/** The editor's actions: the call's own dashboard, its review and its survey reports. */
function EditActions() {
  const record = useRecordContext<CallRecord>();
  if (!record) return null;
  return (
    <TopToolbar>
      <Button
        component={Link}
        to={`/admin/calls/${record.id}/dashboard`}
        label="pages.admin.dashboard.button"
        startIcon={<InsightsIcon />}
      />
      <Button component={Link} to={`/admin/calls/${record.id}/review`} label="pages.admin.review.button" startIcon={<RateReviewIcon />} />
      {record.id && record.callTypeId ? <SurveyReportsButton callId={record.id} callTypeId={record.callTypeId} /> : null}
    </TopToolbar>
  );
}

/** `/admin/calls/{callId}`: save = call type + steps + call in one transaction, then back to the calls tab. */
export default function CallEdit() {
  const notifications = useCallNotifications();
  const redirect = useRedirect();
  return (
    <Edit
      title={<EditTitle />}
      actions={<EditActions />}
      mutationMode="pessimistic"
      queryOptions={{
        select: (record: CallRecord) => (record.callType ? toCallFormValues(record) : record) as never,
        onError: () => {
          notifications.notFound();
          redirect('list', 'calls');
        },
      }}
      transform={(data: CallFormValues) => toCallPayload(data, { update: true, withSteps: true }) as never}
      mutationOptions={{ onSuccess: notifications.updated, onError: notifications.updateFailed }}
      redirect="list"
    >
      <Loaded>
        <EditHeading />
        <CallForm deletable />
      </Loaded>
    </Edit>
  );
}

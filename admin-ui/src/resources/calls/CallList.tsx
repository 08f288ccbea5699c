import EditNoteIcon from '@mui/icons-material/EditNote';
import LockIcon from '@mui/icons-material/Lock';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import {
  Button,
  CreateButton,
  DataTable,
  DateField,
  DeleteWithConfirmButton,
  List,
  SearchInput,
  SelectInput,
  TopToolbar,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import type { CallListRecord } from './callModel';
import { useCallNotifications } from './useCallNotifications';

const PHASE_COLOR = { open: 'success', upcoming: 'info', closed: 'default' } as const;

function PhaseChip() {
  const record = useRecordContext<CallListRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return <Chip size="small" color={PHASE_COLOR[record.phase]} label={translate(`pages.admin.calls.phase.${record.phase}`)} />;
}

function LockMark() {
  const record = useRecordContext<CallListRecord>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record?.callLockEnd) return null;
  return (
    <Tooltip title={translate('pages.admin.calls.locked-until', { date: new Date(record.callLockEnd).toLocaleString(locale) })}>
      <LockIcon
        fontSize="small"
        color={record.locked ? 'warning' : 'disabled'}
        aria-label={translate('resources.calls.fields.callLockEnd')}
      />
    </Tooltip>
  );
}

function RowActions() {
  const record = useRecordContext<CallListRecord>();
  const notifications = useCallNotifications();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <span style={{ display: 'inline-flex', gap: 4 }} onClick={(e) => e.stopPropagation()}>
      <Button
        component={Link}
        to={`/admin/calls/edit/call/${record.id}`}
        label="pages.admin.calls.simple-edit"
        startIcon={<EditNoteIcon />}
        sx={{ whiteSpace: 'nowrap' }}
      />
      <DeleteWithConfirmButton
        mutationMode="pessimistic"
        confirmTitle="pages.admin.calls.delete-title"
        confirmContent={
          record.submissionCount > 0 ? translate('pages.admin.error-call-has-submissions') : 'pages.admin.calls.delete-content'
        }
        translateOptions={{ name: record.name }}
        mutationOptions={{ onSuccess: notifications.deleted, onError: notifications.deleteFailed }}
        redirect={false}
      />
    </span>
  );
}

function ListActions() {
  return (
    <TopToolbar>
      <Button component={Link} to="/admin/call-types" label="pages.admin.calls.link-call-types" />
      <Button component={Link} to="/admin/steps" label="pages.admin.steps.types-title" />
      <Button component={Link} to="/admin/surveys" label="pages.admin.calls.link-surveys" />
      <CreateButton label="pages.admin.calls.new-call" />
    </TopToolbar>
  );
}

/** The calls tab: paged on the server, searchable, filtered by status. */
export default function CallList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput
      key="status"
      source="status"
      alwaysOn
      choices={(['open', 'upcoming', 'closed'] as const).map((p) => ({ id: p, name: translate(`pages.admin.calls.phase.${p}`) }))}
    />,
  ];
  return (
    <List
      filters={filters}
      sort={{ field: 'openingAt', order: 'DESC' }}
      perPage={25}
      title={translate('pages.admin.tabs.calls')}
      actions={<ListActions />}
    >
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="phase" disableSort render={() => <PhaseChip />} />
        <DataTable.Col source="openingAt" render={() => <DateField source="openingAt" showTime locales={locale} />} />
        <DataTable.Col source="closingAt" render={() => <DateField source="closingAt" showTime locales={locale} />} />
        <DataTable.Col source="callLockEnd" render={() => <LockMark />} />
        <DataTable.NumberCol source="submissionCount" disableSort />
        <DataTable.Col label="" render={() => <RowActions />} />
      </DataTable>
    </List>
  );
}

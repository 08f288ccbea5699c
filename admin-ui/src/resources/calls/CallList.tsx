import CategoryOutlinedIcon from '@mui/icons-material/CategoryOutlined';
import EditNoteIcon from '@mui/icons-material/EditNote';
import InsightsIcon from '@mui/icons-material/Insights';
import MailIcon from '@mui/icons-material/MailOutlined';
import FolderOpenOutlinedIcon from '@mui/icons-material/FolderOpenOutlined';
import QuizOutlinedIcon from '@mui/icons-material/QuizOutlined';
import ViewListIcon from '@mui/icons-material/ViewList';
import LockIcon from '@mui/icons-material/Lock';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { formatDateTimeWithZone } from '@impact-calls/domain';
import {
  Button,
  CreateButton,
  DataTable,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import type { CallListRecord } from './callModel';
import { CallDeleteButton } from './CallDeleteButton';
import { SurveyReportsButton } from '../reports/SurveyReportsButton';
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
    <Tooltip title={translate('pages.admin.calls.locked-until', { date: formatDateTimeWithZone(record.callLockEnd, locale) })}>
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
      <Button
        component={Link}
        to={`/admin/calls/${record.id}/dashboard`}
        label="pages.admin.dashboard.button"
        startIcon={<InsightsIcon />}
        sx={{ whiteSpace: 'nowrap' }}
      />
      <Button
        component={Link}
        to={`/admin/calls/${record.id}/messages`}
        label="pages.admin.messages.write"
        startIcon={<MailIcon />}
        sx={{ whiteSpace: 'nowrap' }}
      />
      <SurveyReportsButton callId={record.id} callTypeId={record.callTypeId} />
      <CallDeleteButton record={record} onSuccess={notifications.deleted} onError={notifications.deleteFailed} redirect={false} />
    </span>
  );
}

function ListActions() {
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      {/* Icons too: on a phone react-admin shows these buttons as icons only (they were blank). */}
      <Button component={Link} to="/admin/call-types" label="pages.admin.calls.link-call-types">
        <ViewListIcon />
      </Button>
      <Button component={Link} to="/admin/steps" label="pages.admin.steps.types-title">
        <CategoryOutlinedIcon />
      </Button>
      <Button component={Link} to="/admin/surveys" label="pages.admin.calls.link-surveys">
        <QuizOutlinedIcon />
      </Button>
      {/* The files page (the admin drop zone and the calls' custom files) had no way in but its address. */}
      <Button component={Link} to="/admin/file-upload" label="pages.admin.file-upload.title">
        <FolderOpenOutlinedIcon />
      </Button>
      <CreateButton label="pages.admin.calls.new-call" />
    </TopToolbar>
  );
}

/** The calls tab: paged on the server, searchable, filtered by status. */
export default function CallList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
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
      {phone ? (
        // A phone gets one line per call instead of a seven-column table wider than the screen.
        <SimpleList<CallListRecord>
          primaryText={(r) => r.name}
          secondaryText={(r) => `${translate(`pages.admin.calls.phase.${r.phase}`)} · ${formatDateTimeWithZone(r.closingAt, locale)}`}
          tertiaryText={(r) =>
            translate('pages.admin.calls.submission-count', { smart_count: r.submissionCount, count: r.submissionCount })
          }
          linkType="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="name" />
          <DataTable.Col source="phase" disableSort render={() => <PhaseChip />} />
          <DataTable.Col source="openingAt" render={(r: CallListRecord) => formatDateTimeWithZone(r.openingAt, locale)} />
          <DataTable.Col source="closingAt" render={(r: CallListRecord) => formatDateTimeWithZone(r.closingAt, locale)} />
          <DataTable.Col source="callLockEnd" render={() => <LockMark />} />
          <DataTable.NumberCol source="submissionCount" disableSort />
          <DataTable.Col label="" render={() => <RowActions />} />
        </DataTable>
      )}
    </List>
  );
}

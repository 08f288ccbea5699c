import Chip from '@mui/material/Chip';
import {
  AutocompleteInput,
  Datagrid,
  DateField,
  DateInput,
  FunctionField,
  List,
  NumberField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextField,
  useTranslate,
} from 'react-admin';

export interface SubmissionRow {
  id: string;
  code: string;
  callName: string;
  organizationName: string;
  userEmail: string;
  closed: boolean;
  status: 'open' | 'closed';
}

export function StatusChip({ closed }: { closed: boolean }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={closed ? 'success' : 'default'}
      variant={closed ? 'filled' : 'outlined'}
      label={translate(closed ? 'pages.admin.submissions.status-closed' : 'pages.admin.submissions.status-open')}
    />
  );
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="callId" source="callId" reference="calls" sort={{ field: 'name', order: 'ASC' }} alwaysOn>
    <AutocompleteInput optionText="name" filterToQuery={(q: string) => ({ q })} />
  </ReferenceInput>,
  <ReferenceInput key="organizationId" source="organizationId" reference="organizations" sort={{ field: 'name', order: 'ASC' }}>
    <AutocompleteInput optionText="name" filterToQuery={(q: string) => ({ q })} />
  </ReferenceInput>,
  <StatusInput key="status" source="status" alwaysOn />,
  <DateInput key="openedFrom" source="openedFrom" />,
  <DateInput key="openedTo" source="openedTo" />,
  <DateInput key="submittedFrom" source="submittedFrom" />,
  <DateInput key="submittedTo" source="submittedTo" />,
];

function StatusInput({ source, alwaysOn }: { source: string; alwaysOn?: boolean }) {
  void alwaysOn;
  return (
    <SelectInput
      source={source}
      choices={[
        { id: 'open', name: 'pages.admin.submissions.status-open' },
        { id: 'closed', name: 'pages.admin.submissions.status-closed' },
      ]}
    />
  );
}

/** The submissions tab: server-side paging, sorting and filters (call, organization, status, dates). */
export function SubmissionList() {
  return (
    <List filters={filters} sort={{ field: 'openedAt', order: 'DESC' }} perPage={25}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="code" />
        <TextField source="callName" />
        <TextField source="organizationName" />
        <TextField source="userEmail" sortable={false} />
        <FunctionField source="status" sortBy="closed" render={(r: SubmissionRow) => <StatusChip closed={r.closed} />} />
        <DateField source="openedAt" showTime />
        <DateField source="submittedAt" showTime />
        <NumberField source="quizScore" options={{ style: 'percent' }} />
      </Datagrid>
    </List>
  );
}

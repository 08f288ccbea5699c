import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { formatQuizScore, SDGS, type Language } from '@impact-calls/domain';
import {
  AutocompleteInput,
  Datagrid,
  DateInput,
  FilterButton,
  FunctionField,
  List,
  NumberInput,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
  TextInput,
  TopToolbar,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { DateTimeField } from '../../fields/DateTimeField';
import { SubmissionExportButtons } from './DocumentButtons';

export interface SubmissionRow {
  id: string;
  code: string;
  callName: string;
  organizationName: string;
  userEmail: string;
  closed: boolean;
  status: 'open' | 'closed';
  submittedAt: string | null;
  quizScore: number | null;
}

/** Submitted, in progress, or in progress again after a reopening. */
export function StatusChip({ closed, reopened = false }: { closed: boolean; reopened?: boolean }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={closed ? 'success' : 'default'}
      variant={closed ? 'filled' : 'outlined'}
      label={translate(
        closed
          ? 'pages.admin.submissions.status-closed'
          : reopened
            ? 'pages.admin.submissions.status-reopened'
            : 'pages.admin.submissions.status-open',
      )}
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
  // The portfolio dashboard's links.
  <SdgInput key="sdg" source="sdg" />,
  <TextInput key="outcomeId" source="outcomeId" />,
  <TextInput key="indicatorId" source="indicatorId" />,
  <NumberInput key="sroiOver" source="sroiOver" min={0} step={0.5} />,
  <NumberInput key="sroiUpTo" source="sroiUpTo" min={0} step={0.5} />,
  <NumberInput key="quizFrom" source="quizFrom" min={0} max={1} step={0.1} />,
  <NumberInput key="quizBelow" source="quizBelow" min={0} max={1} step={0.1} />,
  <TextInput key="country" source="country" />,
  <TextInput key="city" source="city" />,
];

function SdgInput({ source }: { source: string }) {
  const [locale] = useLocaleState();
  return (
    <SelectInput
      source={source}
      translateChoice={false}
      choices={SDGS.map((s) => ({ id: s.code, name: `${s.code}. ${s.text[locale as Language]?.name ?? s.text.en.name}` }))}
    />
  );
}

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

/** Filters, and the exports of what they select (the .xlsx replaces react-admin's CSV exporter). */
function ListActions() {
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <FilterButton />
      <SubmissionExportButtons />
    </TopToolbar>
  );
}

/** The submissions tab: server-side paging, sorting and filters (call, organization, status, dates), exports. */
export function SubmissionList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  // A phone gets one line per submission instead of an eight-column table wider than the screen.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <>
      {/* The page's level-one heading: the app bar's title is not a heading. */}
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        {translate('resources.submissions.name', { smart_count: 2 })}
      </Typography>
      <List filters={filters} sort={{ field: 'openedAt', order: 'DESC' }} perPage={25} exporter={false} actions={<ListActions />}>
        {phone ? (
          <SimpleList<SubmissionRow>
            primaryText={(r) => `${r.code} · ${r.callName}`}
            secondaryText={(r) => r.organizationName}
            tertiaryText={(r) =>
              translate(
                r.closed
                  ? 'pages.admin.submissions.status-closed'
                  : r.submittedAt
                    ? 'pages.admin.submissions.status-reopened'
                    : 'pages.admin.submissions.status-open',
              )
            }
            linkType="show"
          />
        ) : (
          <Datagrid rowClick="show" bulkActionButtons={false}>
            <TextField source="code" />
            <TextField source="callName" />
            <TextField source="organizationName" />
            <TextField source="userEmail" sortable={false} />
            <FunctionField
              source="status"
              sortBy="closed"
              render={(r: SubmissionRow) => <StatusChip closed={r.closed} reopened={!r.closed && !!r.submittedAt} />}
            />
            <DateTimeField source="openedAt" />
            <DateTimeField source="submittedAt" />
            <FunctionField
              source="quizScore"
              textAlign="right"
              render={(r: SubmissionRow) => (r.quizScore === null ? '' : formatQuizScore(r.quizScore, locale))}
            />
          </Datagrid>
        )}
      </List>
    </>
  );
}

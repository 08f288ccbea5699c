import { RichText } from '../../inputs/LazyRichText';
import { BooleanInput, DateTimeInput, maxLength, required, SelectInput, TextInput } from 'react-admin';
import { useFrameworks } from '../steps/useStepTypes';
import { EmailFilterInput } from './EmailFilterInput';
import { LockEndInput } from './LockEndInput';
import { CallReportLinks } from '../powerbi/CallReportLinks';

const afterOpening = (value: unknown, all: { openingAt?: unknown }) =>
  value && all.openingAt && new Date(value as string).getTime() <= new Date(all.openingAt as string).getTime()
    ? 'pages.admin.error-call-dates'
    : undefined;

/** The General Info fields of a call (the editor's first tab and the simple edit form). */
export function CallGeneralFields() {
  const frameworks = useFrameworks();
  return (
    <>
      <TextInput source="name" validate={[required(), maxLength(300)]} fullWidth />
      <RichText source="description" fullWidth />
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
        <DateTimeInput source="openingAt" validate={required()} />
        <DateTimeInput source="closingAt" validate={[required(), afterOpening]} />
      </div>
      <LockEndInput />
      <EmailFilterInput />
      <BooleanInput source="enableUserDownloadPdf" />
      <SelectInput
        source="impactFrameworkId"
        choices={(frameworks.data ?? []).map((f) => ({ id: f.id, name: f.name }))}
        isPending={frameworks.isPending}
        parse={(v: string) => (v === '' ? null : v)}
        emptyText="pages.admin.calls.no-framework"
        helperText="pages.admin.calls.framework-help"
        fullWidth
      />
    </>
  );
}

/** The Power BI tab: the console's and the applicants' report ids (empty is stored as null). */
export function CallAnalyticsFields() {
  return (
    <>
      <CallReportLinks />
      <TextInput source="powerBIWorkspaceID" validate={maxLength(100)} fullWidth />
      <TextInput source="powerBIReportID" validate={maxLength(100)} fullWidth />
      <TextInput source="userPowerBIWorkspaceID" validate={maxLength(100)} fullWidth />
      <TextInput source="userPowerBIReportID" validate={maxLength(100)} fullWidth />
    </>
  );
}

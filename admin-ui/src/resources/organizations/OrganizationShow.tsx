import {
  ArrayField,
  BooleanField,
  DataTable,
  DateField,
  EmailField,
  Labeled,
  Show,
  SimpleShowLayout,
  Link,
  TextField,
  useCreatePath,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import Grid from '@mui/material/Grid';
import { DateTimeField } from '../../fields/DateTimeField';
import { ArchivedChip } from './OrganizationList';
import type { AdminOrganization, OrganizationMember } from './organization';

/** A member's user page in the console, where their sessions are listed and can be ended. */
function MemberSessionsLink() {
  const member = useRecordContext<OrganizationMember>();
  const createPath = useCreatePath();
  const translate = useTranslate();
  if (!member) return null;
  return (
    <Link
      to={createPath({ resource: 'users', id: member.userId, type: 'show' })}
      aria-label={translate('resources.users.sessions-of', { email: member.email })}
    >
      {translate('resources.users.sessions')}
    </Link>
  );
}

function Title() {
  const record = useRecordContext<AdminOrganization>();
  return <span>{record?.name}</span>;
}

const FLAGS = ['personalData', 'selfCertification', 'termsOfService', 'nordicCountry', 'preFunding', 'chnageInLife'] as const;

/** One organization: every field of the contract, its state and its members (read-only). */
export default function OrganizationShow() {
  const [locale] = useLocaleState();
  return (
    <Show title={<Title />}>
      <SimpleShowLayout>
        <TextField source="name" variant="h6" />
        <Labeled source="archived" label="resources.organizations.state">
          <ArchivedChip />
        </Labeled>
        <Grid container spacing={2}>
          {(['reg_number', 'street_name', 'city_name', 'country'] as const).map((source) => (
            <Grid key={source} size={{ xs: 12, sm: 6, md: 3 }}>
              <Labeled source={source}>
                <TextField source={source} />
              </Labeled>
            </Grid>
          ))}
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <Labeled source="date_of_foundation">
              <DateField source="date_of_foundation" locales={locale} emptyText="—" />
            </Labeled>
          </Grid>
          {(['contact_name', 'contact_surname', 'contact_role'] as const).map((source) => (
            <Grid key={source} size={{ xs: 12, sm: 6, md: 3 }}>
              <Labeled source={source}>
                <TextField source={source} />
              </Labeled>
            </Grid>
          ))}
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <Labeled source="contact_email">
              <EmailField source="contact_email" />
            </Labeled>
          </Grid>
        </Grid>
        <Grid container spacing={2}>
          {FLAGS.map((source) => (
            <Grid key={source} size={{ xs: 6, sm: 4, md: 2 }}>
              <Labeled source={source}>
                <BooleanField source={source} />
              </Labeled>
            </Grid>
          ))}
        </Grid>
        <DateTimeField source="createdAt" />
        <DateTimeField source="archivedAt" emptyText="—" />
        <ArrayField source="members">
          <DataTable bulkActionButtons={false} rowClick={false}>
            <DataTable.Col source="email" />
            <DataTable.Col source="firstName" />
            <DataTable.Col source="lastName" />
            <DataTable.Col source="role" />
            <DataTable.Col source="userId" label="resources.users.sessions" disableSort render={() => <MemberSessionsLink />} />
          </DataTable>
        </ArrayField>
      </SimpleShowLayout>
    </Show>
  );
}

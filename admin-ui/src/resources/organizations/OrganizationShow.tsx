import {
  ArrayField,
  BooleanField,
  DataTable,
  DateField,
  EmailField,
  Labeled,
  Show,
  SimpleShowLayout,
  TextField,
  useLocaleState,
  useRecordContext,
} from 'react-admin';
import Grid from '@mui/material/Grid';
import { ArchivedChip } from './OrganizationList';
import type { AdminOrganization } from './organization';

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
        <DateField source="createdAt" showTime locales={locale} />
        <DateField source="archivedAt" showTime locales={locale} emptyText="—" />
        <ArrayField source="members">
          <DataTable bulkActionButtons={false} rowClick={false}>
            <DataTable.Col source="email" />
            <DataTable.Col source="firstName" />
            <DataTable.Col source="lastName" />
            <DataTable.Col source="role" />
          </DataTable>
        </ArrayField>
      </SimpleShowLayout>
    </Show>
  );
}

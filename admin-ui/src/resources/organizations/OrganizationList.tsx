import Chip from '@mui/material/Chip';
import {
  DataTable,
  DateField,
  List,
  NullableBooleanInput,
  SearchInput,
  TextInput,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { AdminOrganization } from './organization';

export function ArchivedChip() {
  const record = useRecordContext<AdminOrganization>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={record.archived ? 'default' : 'success'}
      variant={record.archived ? 'outlined' : 'filled'}
      label={translate(record.archived ? 'resources.organizations.archived' : 'resources.organizations.active')}
    />
  );
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <TextInput key="country" source="country" />,
  <NullableBooleanInput key="archived" source="archived" />,
];

/** Every organization, searched and paged on the server (name, tax code, city, contact and member e-mails). */
export default function OrganizationList() {
  const [locale] = useLocaleState();
  return (
    <List filters={filters} sort={{ field: 'name', order: 'ASC' }} perPage={25}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="reg_number" />
        <DataTable.Col source="city_name" />
        <DataTable.Col source="country" />
        <DataTable.Col source="contact_email" />
        <DataTable.NumberCol source="memberCount" disableSort />
        <DataTable.Col source="createdAt" render={() => <DateField source="createdAt" locales={locale} />} />
        <DataTable.Col source="archived" label="resources.organizations.state" disableSort render={() => <ArchivedChip />} />
      </DataTable>
    </List>
  );
}

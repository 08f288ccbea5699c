import { BooleanField, DataTable, DateField, List, SearchInput, useLocaleState } from 'react-admin';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** Every user, searched (e-mail, names) and paged on the server. */
export default function UserList() {
  const [locale] = useLocaleState();
  return (
    <List filters={filters} sort={{ field: 'email', order: 'ASC' }} perPage={25}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="email" />
        <DataTable.Col source="firstName" />
        <DataTable.Col source="lastName" />
        <DataTable.Col source="isAdmin" disableSort render={() => <BooleanField source="isAdmin" />} />
        <DataTable.Col source="lastLoginAt" render={() => <DateField source="lastLoginAt" showTime locales={locale} emptyText="—" />} />
        <DataTable.NumberCol source="activeSessions" disableSort />
      </DataTable>
    </List>
  );
}

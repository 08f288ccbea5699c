import { BooleanField, DataTable, List, SearchInput } from 'react-admin';
import { DateTimeField } from '../../fields/DateTimeField';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** Every user, searched (e-mail, names) and paged on the server. */
export default function UserList() {
  return (
    <List filters={filters} sort={{ field: 'email', order: 'ASC' }} perPage={25}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="email" />
        <DataTable.Col source="firstName" />
        <DataTable.Col source="lastName" />
        <DataTable.Col source="isAdmin" disableSort render={() => <BooleanField source="isAdmin" />} />
        <DataTable.Col source="lastLoginAt" render={() => <DateTimeField source="lastLoginAt" emptyText="—" />} />
        <DataTable.NumberCol source="activeSessions" disableSort />
      </DataTable>
    </List>
  );
}

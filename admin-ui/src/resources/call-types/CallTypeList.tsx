import { CreateButton, DataTable, List, SearchInput, TopToolbar, useTranslate } from 'react-admin';
import { DateTimeField } from '../../fields/DateTimeField';

/** Call types, with their numbers of steps and of calls using them. */
export default function CallTypeList() {
  const translate = useTranslate();
  return (
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      title={translate('resources.call-types.name', { smart_count: 2 })}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
    >
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="description" disableSort />
        <DataTable.NumberCol source="stepCount" disableSort />
        <DataTable.NumberCol source="callCount" disableSort />
        <DataTable.Col source="updatedAt" render={() => <DateTimeField source="updatedAt" />} />
      </DataTable>
    </List>
  );
}

import { DataTable, List, SearchInput, SelectInput, TextField, useTranslate } from 'react-admin';
import { DateTimeField } from '../../fields/DateTimeField';
import { MESSAGE_KINDS, MESSAGE_STATES, MessageKind, MessageStateChip } from './MessageState';

function useFilters() {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput
      key="state"
      source="state"
      alwaysOn
      choices={MESSAGE_STATES.map((id) => ({ id, name: translate(`pages.admin.messages.state.${id}`) }))}
    />,
    <SelectInput
      key="kind"
      source="kind"
      choices={MESSAGE_KINDS.map((id) => ({ id, name: translate(`pages.admin.messages.kind.${id}`) }))}
    />,
  ];
}

/** The mailbox: newest first, paged on the server. */
export default function MessageList() {
  const translate = useTranslate();
  return (
    <List
      filters={useFilters()}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      title={translate('resources.messages.name', { smart_count: 2 })}
    >
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="createdAt" field={DateTimeField} label="resources.messages.fields.createdAt">
          <DateTimeField source="createdAt" />
        </DataTable.Col>
        <DataTable.Col source="state" label="resources.messages.fields.state">
          <MessageStateChip />
        </DataTable.Col>
        <DataTable.Col source="toAddress" label="resources.messages.fields.toAddress" field={TextField} />
        <DataTable.Col source="subject" label="resources.messages.fields.subject" field={TextField} />
        <DataTable.Col source="kind" label="resources.messages.fields.kind" disableSort>
          <MessageKind />
        </DataTable.Col>
        <DataTable.NumberCol source="attempts" label="resources.messages.fields.attempts" />
      </DataTable>
    </List>
  );
}

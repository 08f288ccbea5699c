import { DataTable, DateInput, FilterButton, List, SelectInput, TextInput, TopToolbar, useTranslate } from 'react-admin';
import { DateTimeField } from '../../fields/DateTimeField';
import { AUDIT_ENTITIES, dayFilter } from './audit';
import { ActorField, EntityField, RoleField } from './AuditFields';
import { AuditExportButton } from './AuditExportButton';

function useFilters() {
  const translate = useTranslate();
  const entities = AUDIT_ENTITIES.map((id) => ({ id, name: translate(`resources.audit.entities.${id}`) }));
  return [
    <TextInput key="actor" source="actor" alwaysOn resettable />,
    <SelectInput key="entity" source="entity" choices={entities} alwaysOn />,
    <DateInput key="from" source="from" alwaysOn parse={dayFilter.parseFrom} format={dayFilter.formatFrom} />,
    <DateInput key="to" source="to" alwaysOn parse={dayFilter.parseTo} format={dayFilter.formatTo} />,
    <TextInput key="entityId" source="entityId" />,
    <TextInput key="action" source="action" />,
  ];
}

function Actions() {
  return (
    <TopToolbar>
      <FilterButton />
      <AuditExportButton />
    </TopToolbar>
  );
}

/** The audit trail: newest first, filtered by user, record and dates on the server; a row opens its changes. */
export default function AuditList() {
  return (
    <List filters={useFilters()} sort={{ field: 'at', order: 'DESC' }} perPage={25} actions={<Actions />}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="at" render={() => <DateTimeField source="at" />} />
        <DataTable.Col source="actorEmail" disableSort render={() => <ActorField source="actorEmail" />} />
        <DataTable.Col source="actorRole" disableSort render={() => <RoleField source="actorRole" />} />
        <DataTable.Col source="action" disableSort />
        <DataTable.Col source="entity" disableSort render={() => <EntityField source="entity" />} />
        <DataTable.Col source="summary" disableSort />
      </DataTable>
    </List>
  );
}

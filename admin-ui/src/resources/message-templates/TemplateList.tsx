import { BooleanField, DataTable, List, TextField, useRecordContext, useTranslate } from 'react-admin';

function Kind() {
  const record = useRecordContext<{ kind: string }>();
  const translate = useTranslate();
  return record ? <span>{translate(`pages.admin.messages.kind.${record.kind}`)}</span> : null;
}

function Language() {
  const record = useRecordContext<{ language: string }>();
  const translate = useTranslate();
  return record ? <span>{translate(`pages.admin.messages.language.${record.language}`)}</span> : null;
}

export default function TemplateList() {
  const translate = useTranslate();
  return (
    <List pagination={false} title={translate('resources.message-templates.name', { smart_count: 2 })} exporter={false}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="kind" label="resources.message-templates.fields.kind" disableSort>
          <Kind />
        </DataTable.Col>
        <DataTable.Col source="language" label="resources.message-templates.fields.language" disableSort>
          <Language />
        </DataTable.Col>
        <DataTable.Col source="subject" label="resources.message-templates.fields.subject" field={TextField} disableSort />
        <DataTable.Col source="customized" label="resources.message-templates.fields.customized" disableSort>
          <BooleanField source="customized" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Labeled, Show, SimpleShowLayout, TextField, useRecordContext, useTranslate } from 'react-admin';
import { DateTimeField } from '../../fields/DateTimeField';
import type { AuditEvent } from './audit';
import { AuditDiffView } from './AuditDiffView';
import { ActorField, RoleField, EntityField } from './AuditFields';

function Title() {
  const record = useRecordContext<AuditEvent>();
  return <span>{record?.action}</span>;
}

function Changes() {
  const record = useRecordContext<AuditEvent>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h2">
        {translate('resources.audit.changes')}
      </Typography>
      <AuditDiffView diff={record.diff} />
    </Stack>
  );
}

/** One event: who did what to which record, when, and the fields it changed, before and after. */
export default function AuditShow() {
  return (
    <Show title={<Title />} actions={false}>
      <SimpleShowLayout>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 4 }} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Labeled source="at">
            <DateTimeField source="at" />
          </Labeled>
          <Labeled source="actorEmail">
            <ActorField source="actorEmail" />
          </Labeled>
          <Labeled source="actorRole">
            <RoleField source="actorRole" />
          </Labeled>
          <Labeled source="action">
            <TextField source="action" />
          </Labeled>
          <Labeled source="entity">
            <EntityField source="entity" />
          </Labeled>
          <Labeled source="entityId">
            <TextField source="entityId" emptyText="—" sx={{ overflowWrap: 'anywhere' }} />
          </Labeled>
        </Stack>
        <TextField source="summary" emptyText="—" />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 4 }}>
          <Labeled source="requestId">
            <TextField source="requestId" emptyText="—" sx={{ overflowWrap: 'anywhere' }} />
          </Labeled>
          <Labeled source="ip">
            <TextField source="ip" emptyText="—" />
          </Labeled>
        </Stack>
        <Changes />
      </SimpleShowLayout>
    </Show>
  );
}

import Typography from '@mui/material/Typography';
import { useFieldValue, useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import type { AuditEvent } from './audit';

/** The actor's address as it was then, or "System" for work no person did. */
export function ActorField(_props: FieldProps) {
  const record = useRecordContext<AuditEvent>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Typography component="span" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      {record.actorEmail ?? translate('resources.audit.system')}
    </Typography>
  );
}

function Translated({ prefix, ...props }: FieldProps & { prefix: string }) {
  const value = useFieldValue(props);
  const translate = useTranslate();
  if (typeof value !== 'string') return null;
  return (
    <Typography component="span" variant="body2">
      {translate(`${prefix}.${value}`, { _: value })}
    </Typography>
  );
}

export const RoleField = (props: FieldProps) => <Translated prefix="resources.audit.roles" {...props} />;
export const EntityField = (props: FieldProps) => <Translated prefix="resources.audit.entities" {...props} />;

import Chip from '@mui/material/Chip';
import { useRecordContext, useTranslate } from 'react-admin';

const COLOR = { queued: 'default', sending: 'info', sent: 'success', retrying: 'warning', failed: 'error' } as const;

export const MESSAGE_STATES = ['queued', 'sending', 'sent', 'retrying', 'failed'] as const;
export const MESSAGE_KINDS = ['submission-confirmation', 'submission-reopened', 'deadline-reminder', 'custom'] as const;

export function MessageStateChip({ state }: { state?: string }) {
  const record = useRecordContext<{ state: string }>();
  const translate = useTranslate();
  const value = state ?? record?.state;
  if (!value) return null;
  return (
    <Chip size="small" color={COLOR[value as keyof typeof COLOR] ?? 'default'} label={translate(`pages.admin.messages.state.${value}`)} />
  );
}

export function MessageKind() {
  const record = useRecordContext<{ kind: string }>();
  const translate = useTranslate();
  return record ? <span>{translate(`pages.admin.messages.kind.${record.kind}`)}</span> : null;
}

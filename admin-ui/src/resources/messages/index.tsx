import MailIcon from '@mui/icons-material/MailOutlined';
import { lazy } from 'react';

/** The mailbox: every message (the development outbox without SMTP_URL), its state and attempts; re-send failed ones. */
export default {
  list: lazy(() => import('./MessageList')),
  show: lazy(() => import('./MessageShow')),
  icon: MailIcon,
  recordRepresentation: (record: { subject?: string | null }) => record.subject ?? '',
};

/** `/admin/calls/{callId}/messages`: write to a call's applicants (custom route, App.tsx). */
export const CallComposer = lazy(() => import('./CallComposer'));

import HistoryIcon from '@mui/icons-material/History';
import { lazy } from 'react';
import type { AuditEvent } from './audit';

/** The audit trail: what administrators and reviewers did (read only). */
export default {
  list: lazy(() => import('./AuditList')),
  show: lazy(() => import('./AuditShow')),
  icon: HistoryIcon,
  recordRepresentation: (record: AuditEvent) => record.action,
};

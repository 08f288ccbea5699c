import { lazy } from 'react';

/** /admin/attachments/:subId/ (a custom route of App.tsx), loaded when first shown. */
export const AttachmentsPage = lazy(() => import('./AttachmentsPage').then((m) => ({ default: m.AttachmentsPage })));

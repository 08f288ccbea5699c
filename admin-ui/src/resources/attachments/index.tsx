/** /admin/attachments/:subId/ (a custom route of App.tsx). */
export { AttachmentsPage } from './AttachmentsPage';

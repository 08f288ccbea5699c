import { lazy } from 'react';

/** /admin/file-upload (a custom route of App.tsx, loaded when first shown) and the call custom-file upload, reusable by the call screens. */
export const FileUploadPage = lazy(() => import('./FileUploadPage').then((m) => ({ default: m.FileUploadPage })));
export { CustomFileUpload } from './CustomFileUpload';

/** /admin/file-upload (a custom route of App.tsx) and the call custom-file upload, reusable by the call screens. */
export { FileUploadPage } from './FileUploadPage';
export { CustomFileUpload } from './CustomFileUpload';

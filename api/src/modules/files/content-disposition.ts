/**
 * `attachment; filename="ascii"; filename*=UTF-8''utf8` (RFC 6266, 5987) of a safe name: browsers take the UTF-8
 * name, older clients the ASCII one. The header is all ASCII, so also a valid S3 object header.
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

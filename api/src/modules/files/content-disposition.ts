/**
 * `attachment; filename="ascii"; filename*=UTF-8''utf8` (RFC 6266 and 5987) with a name already
 * made safe: browsers take the UTF-8 `filename*` ("relazione attività.pdf"), older clients the
 * ASCII fallback. The whole header is ASCII, so it is also a valid S3 object header.
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

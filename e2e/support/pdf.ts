import { execFileSync } from 'node:child_process';

/** The text of a PDF as poppler's pdftotext reads it, spaces folded (poppler-utils; .ci/run installs it). */
export function textOfPdf(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' }).replace(/\s+/g, ' ');
}

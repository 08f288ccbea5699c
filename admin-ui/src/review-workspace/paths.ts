import { LANGUAGES, type Language } from '@impact-calls/domain';

/** The workspace's paths inside the console (without the /admin basename). */
export const REVIEW_PATH = '/review';

export function reviewPath(basename: string, callId?: string, assignmentId?: string): string {
  return [`${basename}${REVIEW_PATH}`, callId, assignmentId].filter(Boolean).join('/');
}

/** Whether a location (with the basename) is one of the workspace's screens: the only ones a reviewer-only console shows. */
export function isReviewPath(pathname: string, basename: string): boolean {
  const root = `${basename}${REVIEW_PATH}`;
  return pathname === root || pathname.startsWith(`${root}/`);
}

/** A criterion's guidance in the interface language, else in the first other language that has one. */
export function guidanceText(guidance: Partial<Record<Language, string>> | null | undefined, language: string): string {
  if (!guidance) return '';
  const order = [language, ...LANGUAGES.filter((l) => l !== language)] as Language[];
  for (const l of order) {
    const text = guidance[l]?.trim();
    if (text) return text;
  }
  return '';
}

/** The browser's time zone by name ("Europe/Rome"), shown beside deadlines. */
export function timeZoneName(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

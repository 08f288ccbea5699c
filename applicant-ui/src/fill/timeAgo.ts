import { localeOf } from '@impact-calls/domain';

/**
 * How long ago `at` was, in the user's language (Intl.RelativeTimeFormat): "now", "25 seconds ago",
 * "3 minutes ago", "2 hours ago", "yesterday". A time a little ahead of this device's clock reads "now".
 */
export function timeAgo(at: string | Date, language: string, now: Date = new Date()): string {
  const rtf = new Intl.RelativeTimeFormat(localeOf(language), { numeric: 'auto' });
  const seconds = Math.min(0, Math.round((new Date(at).getTime() - now.getTime()) / 1000));
  const past = -seconds;
  if (past < 10) return rtf.format(0, 'second');
  if (past < 60) return rtf.format(seconds, 'second');
  if (past < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (past < 86_400) return rtf.format(Math.round(seconds / 3600), 'hour');
  return rtf.format(Math.round(seconds / 86_400), 'day');
}

import type { Schemas } from '@impact-calls/api-client';

export type AuditEvent = Schemas['AuditEventDto'];
/** A change as the domain describes it (the API's schema cannot type `before`/`after`, any JSON). */
export type { AuditChange } from '@impact-calls/domain';

/** The kinds of record the trail names (the API's `entity`), for the filter. */
export const AUDIT_ENTITIES = [
  'call',
  'call-type',
  'step-type',
  'configuration',
  'impact-framework',
  'submission',
  'review',
  'review-assignment',
  'decision',
  'export',
  'audit',
] as const;

const pad = (n: number) => String(n).padStart(2, '0');
const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/**
 * The date filters work in the browser's time zone: a day picked is sent as the instant its local
 * midnight is ("from"), or the next day's ("to", exclusive), and shown back as that day.
 */
export const dayFilter = {
  parseFrom: (day: string) => (day ? new Date(`${day}T00:00:00`).toISOString() : ''),
  parseTo: (day: string) => {
    if (!day) return '';
    const d = new Date(`${day}T00:00:00`);
    d.setDate(d.getDate() + 1);
    return d.toISOString();
  },
  formatFrom: (iso: string | undefined) => (iso ? localDay(new Date(iso)) : ''),
  formatTo: (iso: string | undefined) => {
    if (!iso) return '';
    const d = new Date(iso);
    d.setDate(d.getDate() - 1);
    return localDay(d);
  },
};

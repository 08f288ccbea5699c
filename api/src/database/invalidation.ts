import type { DB } from './schema.js';

type Table = keyof DB extends infer K ? (K extends string ? Snake<K> : never) : never;
type Snake<S extends string> = S extends `${infer H}${infer T}` ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${Snake<T>}` : S;

/** A trigger of the database's plumbing: its name and its table. */
export interface Trigger {
  table: Table;
  trigger: string;
}

/**
 * The only triggers the database has, declared once (docs/architecture.md, "Caches"): none decides
 * what the product does; each tells caches of a change, counts one for the data versions, or guards
 * an invariant. api/test/invalidation.spec.ts checks them against the migrated database.
 */

/**
 * Each cache topic: the triggers that notify it (`pg_notify('ic_cache', '<topic>:<key>')`), the
 * statements its caches load with, and the tables those read that need no trigger, with why.
 */
export const CACHE_TOPICS = {
  user: { triggers: [{ table: 'app_user', trigger: 'app_user_cache' }], loads: ['auth-user'] },
  session: { triggers: [{ table: 'user_session', trigger: 'user_session_cache' }], loads: ['session-state'] },
  'organizations-of': {
    triggers: [
      { table: 'organization_member', trigger: 'organization_member_cache' },
      { table: 'organization', trigger: 'organization_cache' },
    ],
    loads: ['organizations-of-member'],
  },
  call: { triggers: [{ table: 'call', trigger: 'call_cache' }], loads: ['call-by-id', 'calls-for-list'] },
  'steps-of': {
    triggers: [{ table: 'step', trigger: 'step_cache' }],
    loads: ['steps-of-call-types'],
    unwatched: { step_type: 'a step kept names its type, and a type in use is never renamed or deleted' },
  },
  config: { triggers: [{ table: 'configuration', trigger: 'configuration_cache' }], loads: ['configuration-active'] },
  // Frameworks are never edited once imported: only their deletion makes what was read stale.
  'impact-framework': {
    triggers: [{ table: 'impact_framework', trigger: 'impact_framework_cache' }],
    loads: ['impact-indicator-chains-json', 'impact-outcomes-json', 'impact-stakeholders-json'],
    unwatched: {
      impact_outcome: 'written only by the import of its framework, deleted with it',
      impact_indicator: 'written only by the import of its framework, deleted with it',
      impact_proxy: 'written only by the import of its framework, deleted with it',
      impact_stakeholder: 'written only by the import of its framework, deleted with it',
    },
  },
  'organization-submissions': {
    triggers: [
      { table: 'call_submission', trigger: 'call_submission_cache' },
      { table: 'call_submission', trigger: 'call_submission_cache_update' },
    ],
    loads: ['calls-submissions-of'],
  },
  // A submission's call and organization never change: nothing to notify (an immutable cache).
  'submission-target': {
    triggers: [],
    loads: ['submissions-target'],
    unwatched: { call_submission: 'its call and organization never change; a deleted one is evicted by its owner' },
  },
} as const satisfies Record<string, { triggers: readonly Trigger[]; loads: readonly string[]; unwatched?: Partial<Record<Table, string>> }>;

export type CacheTopic = keyof typeof CACHE_TOPICS;

/** The caches kept by data version (DataVersions.cache): figures computed from many tables. */
export const VERSIONED_CACHES = ['report-aggregates', 'portfolio', 'review-ranking'] as const;

/** Every cache's name, as `CACHES_OFF` names them. */
export const CACHE_NAMES = [...(Object.keys(CACHE_TOPICS) as CacheTopic[]), ...VERSIONED_CACHES, 'gzip-recent'] as const;
export type CacheName = (typeof CACHE_NAMES)[number];

/** The provider of the caches turned off (the `cachesOff` setting): the database's code reads no settings itself. */
export const CACHES_OFF = Symbol('CACHES_OFF');

/** The tables whose writes move a data version: a submission and its rows for its call, the rest for every call. */
export const DATA_VERSION_TABLES = {
  call: ['call_submission', 'review_summary', 'review_decision'],
  submission: ['step_result', 'attachment', 'submission_impact'],
  every: ['organization', 'call', 'step', 'impact_outcome', 'impact_indicator'],
} as const satisfies Record<string, readonly Table[]>;

/** The data-version triggers of DATA_VERSION_TABLES, as migration DataVersions names them. */
export function dataVersionTriggers(): Trigger[] {
  const all = [...DATA_VERSION_TABLES.call, ...DATA_VERSION_TABLES.submission, ...DATA_VERSION_TABLES.every];
  return [
    ...all.map((table) => ({ table, trigger: `${table}_data_version` })),
    ...all.map((table) => ({ table, trigger: `${table}_data_version_truncate` })),
    { table: 'call_submission', trigger: 'call_submission_data_version_update' },
  ];
}

/** Invariants the database keeps whoever writes. */
export const INVARIANT_TRIGGERS: readonly Trigger[] = [
  // At most one active configuration, checked at commit (a swap deactivates one and activates another).
  { table: 'configuration', trigger: 'configuration_one_active' },
];

/** Every trigger the migrated database should have. */
export function declaredTriggers(): Trigger[] {
  return [...Object.values(CACHE_TOPICS).flatMap((t): readonly Trigger[] => t.triggers), ...dataVersionTriggers(), ...INVARIANT_TRIGGERS];
}

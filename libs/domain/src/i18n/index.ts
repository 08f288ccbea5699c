import type { Catalog } from './merge.js';
import { mergeCatalogs } from './merge.js';
import type { Language } from '../constants.js';
import itCommon from './it/common.json' with { type: 'json' };
import enCommon from './en/common.json' with { type: 'json' };
import frCommon from './fr/common.json' with { type: 'json' };
import itShell from './it/shell.json' with { type: 'json' };
import enShell from './en/shell.json' with { type: 'json' };
import frShell from './fr/shell.json' with { type: 'json' };
import itIdentity from './it/identity.json' with { type: 'json' };
import enIdentity from './en/identity.json' with { type: 'json' };
import frIdentity from './fr/identity.json' with { type: 'json' };
import itImpact from './it/impact.json' with { type: 'json' };
import enImpact from './en/impact.json' with { type: 'json' };
import frImpact from './fr/impact.json' with { type: 'json' };
import itFill from './it/fill.json' with { type: 'json' };
import enFill from './en/fill.json' with { type: 'json' };
import frFill from './fr/fill.json' with { type: 'json' };
import itCalls from './it/calls.json' with { type: 'json' };
import enCalls from './en/calls.json' with { type: 'json' };
import frCalls from './fr/calls.json' with { type: 'json' };
import itMiniDyi from './it/minidyi.json' with { type: 'json' };
import enMiniDyi from './en/minidyi.json' with { type: 'json' };
import frMiniDyi from './fr/minidyi.json' with { type: 'json' };
import itDocuments from './it/documents.json' with { type: 'json' };
import enDocuments from './en/documents.json' with { type: 'json' };
import frDocuments from './fr/documents.json' with { type: 'json' };
import itMessages from './it/messages.json' with { type: 'json' };
import enMessages from './en/messages.json' with { type: 'json' };
import frMessages from './fr/messages.json' with { type: 'json' };
import itSecurity from './it/security.json' with { type: 'json' };
import enSecurity from './en/security.json' with { type: 'json' };
import frSecurity from './fr/security.json' with { type: 'json' };
import itFirstUse from './it/first-use.json' with { type: 'json' };
import enFirstUse from './en/first-use.json' with { type: 'json' };
import frFirstUse from './fr/first-use.json' with { type: 'json' };
import itPowerBi from './it/powerbi.json' with { type: 'json' };
import enPowerBi from './en/powerbi.json' with { type: 'json' };
import frPowerBi from './fr/powerbi.json' with { type: 'json' };
import itDashboard from './it/dashboard.json' with { type: 'json' };
import enDashboard from './en/dashboard.json' with { type: 'json' };
import frDashboard from './fr/dashboard.json' with { type: 'json' };
import itReports from './it/reports.json' with { type: 'json' };
import enReports from './en/reports.json' with { type: 'json' };
import frReports from './fr/reports.json' with { type: 'json' };
import itPresence from './it/presence.json' with { type: 'json' };
import enPresence from './en/presence.json' with { type: 'json' };
import frPresence from './fr/presence.json' with { type: 'json' };
import itReview from './it/review.json' with { type: 'json' };
import enReview from './en/review.json' with { type: 'json' };
import frReview from './fr/review.json' with { type: 'json' };
import itReviewWorkspace from './it/review-workspace.json' with { type: 'json' };
import enReviewWorkspace from './en/review-workspace.json' with { type: 'json' };
import frReviewWorkspace from './fr/review-workspace.json' with { type: 'json' };
import itDecisions from './it/decisions.json' with { type: 'json' };
import enDecisions from './en/decisions.json' with { type: 'json' };
import frDecisions from './fr/decisions.json' with { type: 'json' };
import itAudit from './it/audit.json' with { type: 'json' };
import enAudit from './en/audit.json' with { type: 'json' };
import frAudit from './fr/audit.json' with { type: 'json' };
import itTeams from './it/teams.json' with { type: 'json' };
import enTeams from './en/teams.json' with { type: 'json' };
import frTeams from './fr/teams.json' with { type: 'json' };
import itTeamUi from './it/team-ui.json' with { type: 'json' };
import enTeamUi from './en/team-ui.json' with { type: 'json' };
import frTeamUi from './fr/team-ui.json' with { type: 'json' };
import itPrivacy from './it/privacy.json' with { type: 'json' };
import enPrivacy from './en/privacy.json' with { type: 'json' };
import frPrivacy from './fr/privacy.json' with { type: 'json' };

/**
 * Message catalogs (it, en, fr) shared by the API and both UIs. Each language is split in
 * files by area (common, organizations, calls, ...) that are deep-merged here; a test
 * checks that no key is defined twice and that every language has every key.
 */
export type { Catalog } from './merge.js';
export { mergeCatalogs } from './merge.js';

export const CATALOG_PARTS: Record<Language, Record<string, Catalog>> = {
  it: {
    common: itCommon,
    shell: itShell,
    identity: itIdentity,
    impact: itImpact,
    fill: itFill,
    calls: itCalls,
    minidyi: itMiniDyi,
    documents: itDocuments,
    messages: itMessages,
    security: itSecurity,
    'first-use': itFirstUse,
    powerbi: itPowerBi,
    dashboard: itDashboard,
    reports: itReports,
    review: itReview,
    presence: itPresence,
    'review-workspace': itReviewWorkspace,
    decisions: itDecisions,
    audit: itAudit,
    teams: itTeams,
    'team-ui': itTeamUi,
    privacy: itPrivacy,
  },
  en: {
    common: enCommon,
    shell: enShell,
    identity: enIdentity,
    impact: enImpact,
    fill: enFill,
    calls: enCalls,
    minidyi: enMiniDyi,
    documents: enDocuments,
    messages: enMessages,
    security: enSecurity,
    'first-use': enFirstUse,
    powerbi: enPowerBi,
    dashboard: enDashboard,
    reports: enReports,
    review: enReview,
    presence: enPresence,
    'review-workspace': enReviewWorkspace,
    decisions: enDecisions,
    audit: enAudit,
    teams: enTeams,
    'team-ui': enTeamUi,
    privacy: enPrivacy,
  },
  fr: {
    common: frCommon,
    shell: frShell,
    identity: frIdentity,
    impact: frImpact,
    fill: frFill,
    calls: frCalls,
    minidyi: frMiniDyi,
    documents: frDocuments,
    messages: frMessages,
    security: frSecurity,
    'first-use': frFirstUse,
    powerbi: frPowerBi,
    dashboard: frDashboard,
    reports: frReports,
    review: frReview,
    presence: frPresence,
    'review-workspace': frReviewWorkspace,
    decisions: frDecisions,
    audit: frAudit,
    teams: frTeams,
    'team-ui': frTeamUi,
    privacy: frPrivacy,
  },
};

export const CATALOGS: Record<Language, Catalog> = {
  it: mergeCatalogs(Object.values(CATALOG_PARTS.it)),
  en: mergeCatalogs(Object.values(CATALOG_PARTS.en)),
  fr: mergeCatalogs(Object.values(CATALOG_PARTS.fr)),
};

/** Every leaf key of a catalog, dotted (`pages.admin.saved`). */
export function catalogKeys(catalog: Catalog, prefix = ''): string[] {
  return Object.entries(catalog).flatMap(([k, v]) => (typeof v === 'object' ? catalogKeys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

/** Looks a dotted key up; answers the key itself when missing. */
export function translate(language: Language, key: string, vars: Record<string, string | number> = {}): string {
  let node: string | Catalog | undefined = CATALOGS[language];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') return key;
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

import { ApiError, downloadFile, unwrap, type Schemas } from '@impact-calls/api-client';
import { frameworkIssueText, type FrameworkIssue, type Language } from '@impact-calls/domain';
import { api } from '../../providers/client';

export type FrameworkSummary = Schemas['ImpactFrameworkSummaryDto'];
export type Framework = Schemas['ImpactFrameworkDto'];
export type FrameworkOutcome = Schemas['OutcomeDto'];
export type FrameworkUsage = Schemas['FrameworkUsageDto'];

/** POST /api/admin/impact-framework/import: the .xlsx with its name and description. */
export function importFramework(file: File, name: string, description: string): Promise<FrameworkSummary> {
  const form = new FormData();
  form.append('name', name);
  form.append('description', description);
  form.append('file', file, file.name);
  return unwrap(api.POST('/api/admin/impact-framework/import', { body: form as never, bodySerializer: (b: unknown) => b as FormData }));
}

/** The problems of a refused file, as the API lists them (sheet, row, column, key). */
export function importIssues(error: unknown): FrameworkIssue[] {
  const body = error instanceof ApiError ? (error.body as { issues?: FrameworkIssue[] } | undefined) : undefined;
  return Array.isArray(body?.issues) ? body.issues : [];
}

export function importTruncated(error: unknown): boolean {
  return error instanceof ApiError && (error.body as { truncated?: boolean } | undefined)?.truncated === true;
}

/** An issue in the console's language, location first (the catalogs are the applicant app's too). */
export function issueText(issue: FrameworkIssue, language: Language): string {
  return frameworkIssueText({ ...issue, params: issue.params ?? {} }, language);
}

const FILES = {
  template: { path: '/api/admin/impact-framework/template', name: 'impact-framework-template.xlsx' },
  example: { path: '/api/admin/impact-framework/example', name: 'impact-framework-example.xlsx' },
} as const;

/** Downloads the empty template or the example framework (the bearer token rules out a plain link). */
export async function downloadFrameworkFile(which: keyof typeof FILES): Promise<void> {
  const { path, name } = FILES[which];
  await downloadFile(api.GET(path, { parseAs: 'stream' }), { fileName: name });
}

/** Outcomes (and within them indicators) that match a search, by any text of the chain. */
export function searchOutcomes(outcomes: readonly FrameworkOutcome[], query: string): FrameworkOutcome[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...outcomes];
  const has = (...texts: string[]) => texts.some((t) => t.toLowerCase().includes(q));
  const out: FrameworkOutcome[] = [];
  for (const o of outcomes) {
    if (has(o.name, o.description, `sdg ${o.sdg}`)) {
      out.push(o);
      continue;
    }
    const indicators = o.indicators.filter((i) => has(i.name, i.description) || i.proxies.some((p) => has(p.name, p.sourceName)));
    if (indicators.length) out.push({ ...o, indicators });
  }
  return out;
}

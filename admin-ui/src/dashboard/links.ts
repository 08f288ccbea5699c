/** The dashboard's scope: all calls or one, and which submissions. */
export type DashboardState = 'all' | 'open' | 'closed';

export interface DashboardScope {
  callId?: string;
  state: DashboardState;
}

/** The submissions list's filters (SubmissionList; the API's parseSubmissionFilter). */
export type SubmissionFilter = Partial<{
  callId: string;
  status: 'open' | 'closed';
  sdg: number;
  outcomeId: string;
  indicatorId: string;
  sroiOver: number;
  sroiUpTo: number;
  quizFrom: number;
  quizBelow: number;
  country: string;
  city: string;
  openedFrom: string;
  openedTo: string;
  submittedFrom: string;
  submittedTo: string;
}>;

/** The filters every figure inherits from the dashboard's scope. */
export function scopeFilter(scope: DashboardScope): SubmissionFilter {
  return {
    ...(scope.callId ? { callId: scope.callId } : {}),
    ...(scope.state === 'all' ? {} : { status: scope.state }),
  };
}

/**
 * `/admin/submissions` filtered as a figure counts: react-admin reads `filter` (and shows the
 * inputs named in `displayedFilters`) from the address.
 */
export function submissionsLink(scope: DashboardScope, extra: SubmissionFilter = {}): string {
  const filter = { ...scopeFilter(scope), ...extra };
  const displayed = Object.fromEntries(Object.keys(filter).map((k) => [k, true]));
  const q = new URLSearchParams({ filter: JSON.stringify(filter), displayedFilters: JSON.stringify(displayed) });
  return `/admin/submissions?${q.toString()}`;
}

/** The whole UTC day `day` (YYYY-MM-DD), as the list's from/to dates (both inclusive). */
export function dayRange(day: string): { from: string; to: string } {
  return { from: `${day}T00:00:00.000Z`, to: `${day}T23:59:59.999Z` };
}

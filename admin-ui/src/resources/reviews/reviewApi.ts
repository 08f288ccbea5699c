import type { Schemas } from '@impact-calls/api-client';
import type { Decision } from '@impact-calls/domain';
import type { HttpError } from 'react-admin';
import { api } from '../../providers/client';
import { parseContentRange, toHttpError } from '../../providers/dataProvider';

/** The API's answer, or react-admin's HttpError (message: the catalog key when known; body: key and field errors). */
async function ok<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw toHttpError(response.status, error, response.statusText);
  return data as T;
}

/** The API's error key of a refusal (`errors.review.rubric-confirm`...), if any. */
export function errorKeyOf(e: unknown): string | undefined {
  const body = (e as HttpError | undefined)?.body as { key?: unknown } | undefined;
  return typeof body?.key === 'string' ? body.key : undefined;
}

export function statusOf(e: unknown): number | undefined {
  const status = (e as HttpError | undefined)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** Query keys: everything of a call's review under ['review', callId]. */
export const reviewKeys = {
  call: (callId: string) => ['review', callId] as const,
  setup: (callId: string) => ['review', callId, 'setup'] as const,
  reviewers: (callId: string) => ['review', callId, 'reviewers'] as const,
  candidates: (callId: string, q: string) => ['review', callId, 'candidates', q] as const,
  applications: (callId: string, query: object) => ['review', callId, 'applications', query] as const,
  application: (callId: string, submissionId: string) => ['review', callId, 'application', submissionId] as const,
};

const path = (callId: string) => ({ params: { path: { callId } } });

export const reviewApi = {
  setup: (callId: string) => ok(api.GET('/api/admin/reviews/calls/{callId}/setup', path(callId))),
  saveSettings: (callId: string, body: Schemas['ReviewSettingsDto']) =>
    ok(api.PUT('/api/admin/reviews/calls/{callId}/settings', { ...path(callId), body })),
  savePhases: (callId: string, phases: Schemas['ReviewPhaseInputDto'][]) =>
    ok(api.PUT('/api/admin/reviews/calls/{callId}/phases', { ...path(callId), body: { phases } })),
  saveRubric: (callId: string, criteria: Schemas['CriterionInputDto'][], confirmed: boolean) =>
    ok(api.PUT('/api/admin/reviews/calls/{callId}/rubric', { ...path(callId), body: confirmed ? { criteria, confirmed } : { criteria } })),
  reviewers: (callId: string) => ok(api.GET('/api/admin/reviews/calls/{callId}/reviewers', path(callId))),
  candidates: (callId: string, q: string) =>
    ok(api.GET('/api/admin/reviews/calls/{callId}/reviewer-candidates', { params: { path: { callId }, query: { q } } })),
  addReviewers: (callId: string, emails: string[]) =>
    ok(api.POST('/api/admin/reviews/calls/{callId}/reviewers', { ...path(callId), body: { emails } })),
  removeReviewer: (callId: string, reviewerId: string) =>
    ok(api.DELETE('/api/admin/reviews/calls/{callId}/reviewers/{reviewerId}', { params: { path: { callId, reviewerId } } })),
  assign: (callId: string, submissionIds: string[], reviewerIds: string[]) =>
    ok(api.POST('/api/admin/reviews/calls/{callId}/assignments', { ...path(callId), body: { submissionIds, reviewerIds } })),
  assignAutomatically: (callId: string) => ok(api.POST('/api/admin/reviews/calls/{callId}/assignments/automatic', path(callId))),
  unassign: (reviewId: string) => ok(api.DELETE('/api/admin/reviews/assignments/{reviewId}', { params: { path: { reviewId } } })),
  /** One page of the ranked list and the total the API counted (Content-Range). */
  applications: async (callId: string, query: { range: string; sort: string; filter: string }) => {
    const { data, error, response } = await api.GET('/api/admin/reviews/calls/{callId}/applications', {
      params: { path: { callId }, query },
    });
    if (!response.ok) throw toHttpError(response.status, error, response.statusText);
    const rows = data ?? [];
    return { rows, total: parseContentRange(response.headers.get('Content-Range')) ?? rows.length };
  },
  application: (submissionId: string) =>
    ok(api.GET('/api/admin/reviews/applications/{submissionId}', { params: { path: { submissionId } } })),
  setDecisions: (callId: string, submissionIds: string[], decision: Decision | null) =>
    ok(api.PUT('/api/admin/reviews/calls/{callId}/decisions', { ...path(callId), body: { submissionIds, decision } })),
  release: (callId: string, includeComments: boolean) =>
    ok(api.POST('/api/admin/reviews/calls/{callId}/release', { ...path(callId), body: { includeComments } })),
};

export type ReviewSetup = Schemas['ReviewSetupDto'];
export type Reviewer = Schemas['ReviewerDto'];
export type ApplicationRow = Schemas['ReviewApplicationRowDto'];
export type ApplicationDetail = Schemas['ReviewApplicationDto'];

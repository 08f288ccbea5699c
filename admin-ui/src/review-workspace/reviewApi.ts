import { ApiError, downloadFile, unwrap, type Schemas } from '@impact-calls/api-client';
import { useQuery } from '@tanstack/react-query';
import { api } from '../providers/client';
import { isMessageKey } from '../providers/dataProvider';

export type ReviewerCall = Schemas['ReviewerCallDto'];
export type ReviewerAssignment = Schemas['ReviewerAssignmentDto'];
export type ReviewWorkspace = Schemas['ReviewWorkspaceDto'];
export type MyReview = Schemas['MyReviewDto'];
export type SaveReview = Schemas['SaveReviewDto'];
export type Criterion = Schemas['CriterionDto'];

/** Query keys: everything of the reviewer's workspace starts with 'my-reviews' (invalidated together after a change). */
export const reviewKeys = {
  all: ['my-reviews'] as const,
  calls: ['my-reviews', 'calls'] as const,
  assignments: (callId: string) => ['my-reviews', 'assignments', callId] as const,
  workspace: (assignmentId: string) => ['my-reviews', 'workspace', assignmentId] as const,
};

export const reviewApi = {
  calls: () => unwrap(api.GET('/api/reviews/calls')),
  assignments: (callId: string) => unwrap(api.GET('/api/reviews/calls/{callId}/assignments', { params: { path: { callId } } })),
  next: (callId: string, after?: string) =>
    unwrap(api.GET('/api/reviews/calls/{callId}/next', { params: { path: { callId }, query: after ? { after } : {} } })),
  workspace: (id: string) => unwrap(api.GET('/api/reviews/assignments/{id}', { params: { path: { id } } })),
  save: (id: string, body: SaveReview) => unwrap(api.PUT('/api/reviews/assignments/{id}/review', { params: { path: { id } }, body })),
  submit: (id: string, version: number) =>
    unwrap(api.POST('/api/reviews/assignments/{id}/submit', { params: { path: { id } }, body: { version } })),
  declareConflict: (id: string, reason: string) =>
    unwrap(api.POST('/api/reviews/assignments/{id}/conflict', { params: { path: { id } }, body: { reason } })),
  /** A file of the application, under the name the API gives ("Attachment n" in a blind phase). */
  download: (id: string, attachmentId: string, fileName: string) =>
    downloadFile(
      api.GET('/api/reviews/assignments/{id}/files/{attachmentId}', { params: { path: { id, attachmentId } }, parseAs: 'stream' }),
      {
        fileName,
      },
    ),
};

/** The calls the user reviews (shared by the list, the assignments page and the administrators' menu entry). */
export function useMyReviewCalls(enabled = true) {
  return useQuery({ queryKey: reviewKeys.calls, queryFn: reviewApi.calls, enabled, staleTime: 30_000 });
}

/** The message key to show for a failure: the API's when the catalogs know it (and it is not a server fault), else `fallback`. */
export function errorKeyOf(e: unknown, fallback = 'pages.review-workspace.error'): string {
  return e instanceof ApiError && e.status < 500 && isMessageKey(e.key) ? e.key : fallback;
}

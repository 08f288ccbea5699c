import { ApiError, downloadStoredFile, unwrap } from '@impact-calls/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { clearDrafts } from './drafts';
import { orgHeader, uploadFile, type Attachment, type StepResult, type Submission } from './fillApi';

export const submissionKey = (id: string) => ['submission', id] as const;

/** The submission with its steps (ascending sort order), answers and files. */
export function useSubmission(submissionId: string) {
  return useQuery({
    queryKey: submissionKey(submissionId),
    queryFn: () => unwrap(api.GET('/api/Call/GetSubmissionByID', { params: { query: { submissionId }, header: orgHeader() } })),
  });
}

/** Puts a saved answer into the cached submission (no refetch while typing). */
export function useStoreResult(submissionId: string) {
  const queryClient = useQueryClient();
  return (result: StepResult) =>
    queryClient.setQueryData<Submission>(submissionKey(submissionId), (s) =>
      s
        ? {
            ...s,
            stepResults: [...s.stepResults.filter((r) => r.stepId !== result.stepId), result],
            // A miniDyi save recomputes the SROI (its score): the results step shows it at once.
            ...(result.stepStepTypeName === 'miniDyi' ? { sroiScore: result.score } : {}),
          }
        : s,
    );
}

/** CloseCallSubmission; then the submission and the lists are loaded again. */
export function useCloseSubmission(submissionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      unwrap(api.POST('/api/Call/CloseCallSubmission', { params: { query: { callSubmissionId: submissionId }, header: orgHeader() } })),
    onSuccess: async () => {
      clearDrafts(submissionId);
      await queryClient.invalidateQueries();
    },
  });
}

/** Upload, remove and download of a submission's files, refreshing its cached list. */
export function useFileActions(submissionId: string) {
  const queryClient = useQueryClient();
  const setAttachments = (change: (list: Attachment[]) => Attachment[]) =>
    queryClient.setQueryData<Submission>(submissionKey(submissionId), (s) => (s ? { ...s, attachments: change(s.attachments) } : s));
  return {
    upload: async (stepId: string, slotIndex: number, file: File, description: string, onProgress: (p: number) => void) => {
      const saved = await uploadFile({ callSubmissionId: submissionId, stepId, slotIndex, description }, file, onProgress);
      setAttachments((list) => [...list.filter((a) => !(a.stepId === stepId && a.slotIndex === slotIndex)), saved]);
    },
    remove: async (attachmentId: string) => {
      const { response, error } = await api.POST('/api/FileUpload/DeleteAttachment', {
        params: { query: { attachmentId }, header: orgHeader() },
      });
      if (!response.ok) {
        const b = (error ?? {}) as { key?: string; message?: string };
        throw new ApiError(response.status, b.key ?? 'errors.http', b.message ?? '');
      }
      setAttachments((list) => list.filter((a) => a.id !== attachmentId));
    },
    download: (a: Attachment | { fileDownloadId: string; fileName: string }) => downloadStoredFile(api, a.fileDownloadId, a.fileName),
  };
}

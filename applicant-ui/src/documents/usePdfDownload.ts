import { ApiError } from '@impact-calls/api-client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { downloadSubmissionPdf } from '../fill/fillApi';
import { toLanguage } from '@impact-calls/step-views';

/**
 * Downloads a submission's PDF in the interface language, with a busy state while the server
 * renders it (a second or two) and the error in the user's language.
 */
export function usePdfDownload() {
  const { t, i18n } = useTranslation();
  const [busyId, setBusyId] = useState<string>();
  const [error, setError] = useState<string>();
  const download = async (submissionId: string) => {
    setBusyId(submissionId);
    setError(undefined);
    try {
      await downloadSubmissionPdf(api, submissionId, toLanguage(i18n.language));
    } catch (e) {
      setError(e instanceof ApiError && i18n.exists(e.key) ? t(e.key) : t('fill.pdf.error'));
    } finally {
      setBusyId(undefined);
    }
  };
  return { download, busyId, error, clearError: () => setError(undefined) };
}

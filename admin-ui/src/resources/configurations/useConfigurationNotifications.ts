import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate, type HttpError } from 'react-admin';

/** Success and error messages of the customize screens (spec section 8 keys). */
export function useConfigurationNotifications() {
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  // The error's message is an i18n key when the API sent a known one (see dataProvider).
  const detail = (error: unknown) => {
    const message = (error as HttpError | undefined)?.message;
    return message ? ` ${translate(message, { _: message })}` : '';
  };
  return {
    /** The applicant app and the admin's report tab read the active configuration. */
    refreshActive: () => queryClient.invalidateQueries({ queryKey: ['config'] }),
    saved: () => {
      notify('pages.admin.config-saved', { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['config'] });
    },
    saveFailed: (error: unknown) => notify(`${translate('pages.admin.error-saving')}.${detail(error)}`, { type: 'error' }),
    deleted: () => notify('pages.admin.config-deleted', { type: 'success' }),
    deleteFailed: (error: unknown) => notify(`${translate('pages.admin.error-deletion')}${detail(error)}`, { type: 'error' }),
  };
}

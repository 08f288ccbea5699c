import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useRedirect, useTranslate, type HttpError } from 'react-admin';

/** Success and error messages of the calls screens (spec section 8 keys). */
export function useCallNotifications() {
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const redirect = useRedirect();
  const detail = (error: unknown) => {
    const message = (error as HttpError | undefined)?.message;
    // The API names the step a refusal is about (e.g. a miniDyi step without a framework).
    const stepName = ((error as HttpError | undefined)?.body as { stepName?: string } | undefined)?.stepName ?? '';
    return message ? ` ${translate(message, { _: message, name: stepName })}` : '';
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['calls'] });
  return {
    /** Save returns to the calls tab (spec section 4); react-admin skips its own redirect when onSuccess is given. */
    created: () => {
      notify('pages.admin.call-created-successfully', { type: 'success' });
      void refresh();
      redirect('list', 'calls');
    },
    createFailed: (error: unknown) => notify(`${translate('pages.admin.error-saving')}.${detail(error)}`, { type: 'error' }),
    updated: () => {
      notify('pages.admin.call-updated-successfully', { type: 'success' });
      void refresh();
      redirect('list', 'calls');
    },
    /** Red notification pages.admin.error-updating-call (spec section 8), with the API's reason. */
    updateFailed: (error: unknown) => notify(`${translate('pages.admin.error-updating-call')}${detail(error)}`, { type: 'error' }),
    deleted: () => notify('pages.admin.call-deleted-successfully', { type: 'success' }),
    deletedFromEditor: () => {
      notify('pages.admin.call-deleted-successfully', { type: 'success' });
      redirect('list', 'calls');
    },
    deleteFailed: (error: unknown) => notify(`${translate('pages.admin.error-deletion')}${detail(error)}`, { type: 'error' }),
    notFound: () => notify('pages.admin.call-not-found', { type: 'error' }),
  };
}

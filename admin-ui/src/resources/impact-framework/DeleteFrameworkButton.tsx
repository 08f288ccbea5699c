import { DeleteWithConfirmButton, useRecordContext, type RedirectionSideEffect } from 'react-admin';
import type { FrameworkSummary } from './frameworks';
import { useFrameworkNotifications } from './useFrameworkNotifications';

/** Delete after confirmation; the API refuses (409) a framework a call's miniDyi step uses, and the message says which. */
export function DeleteFrameworkButton({ redirect = false }: { redirect?: RedirectionSideEffect }) {
  const record = useRecordContext<FrameworkSummary>();
  const notifications = useFrameworkNotifications();
  if (!record) return null;
  return (
    <DeleteWithConfirmButton
      mutationMode="pessimistic"
      redirect={redirect}
      confirmTitle="pages.admin.impact-framework.delete-title"
      titleTranslateOptions={{ name: record.name }}
      confirmContent="pages.admin.impact-framework.delete-content"
      mutationOptions={{ onSuccess: notifications.deleted, onError: notifications.deleteFailed }}
    />
  );
}

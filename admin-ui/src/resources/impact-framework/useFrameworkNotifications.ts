import { useNotify, useTranslate, type HttpError } from 'react-admin';
import type { FrameworkUsage } from './frameworks';

/** Messages of the framework screens (spec section 8: "Framework deleted", "framework saved", pages.admin.error). */
export function useFrameworkNotifications() {
  const notify = useNotify();
  const translate = useTranslate();
  return {
    saved: () => notify('pages.admin.saved', { type: 'success' }),
    saveFailed: () => notify('pages.admin.error', { type: 'error' }),
    deleted: () => notify('pages.admin.framework-deleted', { type: 'success' }),
    deleteFailed: (error: unknown) => {
      const e = error as HttpError | undefined;
      const usedBy = (e?.body as { usedBy?: FrameworkUsage[] } | undefined)?.usedBy;
      if (usedBy?.length) {
        notify(translate('pages.admin.framework-in-use', { calls: usedBy.map((u) => u.name).join(', ') }), {
          type: 'error',
          autoHideDuration: 10_000,
        });
        return;
      }
      const detail = e?.message ? ` ${translate(e.message, { _: e.message })}` : '';
      notify(`${translate('pages.admin.error-deletion')}${detail}`, { type: 'error' });
    },
  };
}

import Alert from '@mui/material/Alert';
import Portal from '@mui/material/Portal';
import Snackbar from '@mui/material/Snackbar';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

/** A success or error message of the organization screens ("Organization registered!", ...). */
export interface Notice {
  id: number;
  severity: 'success' | 'error';
  message: string;
}

let current: Notice | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function showNotice(severity: Notice['severity'], message: string): void {
  current = { id: nextId++, severity, message };
  emit();
}

function dismiss(id: number): void {
  if (current?.id !== id) return;
  current = null;
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Shows the latest notice; mounted once by the organization panel (present on every page of
 * a signed-in user), so a message outlives the dialog or page that raised it.
 */
export function NoticeHost() {
  const { t } = useTranslation();
  const notice = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  return (
    <Portal>
      <Snackbar
        key={notice?.id}
        open={!!notice}
        autoHideDuration={notice?.severity === 'error' ? 8000 : 5000}
        onClose={(_e, reason) => reason !== 'clickaway' && notice && dismiss(notice.id)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {notice ? (
          <Alert
            severity={notice.severity}
            variant="filled"
            role={notice.severity === 'error' ? 'alert' : 'status'}
            onClose={() => dismiss(notice.id)}
            closeText={t('app.close')}
            sx={{ width: '100%' }}
          >
            {notice.message}
          </Alert>
        ) : undefined}
      </Snackbar>
    </Portal>
  );
}

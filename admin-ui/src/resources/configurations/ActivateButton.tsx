import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useMutation } from '@tanstack/react-query';
import { Button, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate, type HttpError } from 'react-admin';
import type { AdminDataProvider } from '../../providers/dataProvider';
import type { Configuration } from './configuration';
import { useConfigurationNotifications } from './useConfigurationNotifications';

/** Makes this configuration the active one (exactly one is active; spec section 4). */
export function ActivateButton() {
  const record = useRecordContext<Configuration>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const refresh = useRefresh();
  const { refreshActive } = useConfigurationNotifications();
  const { mutate, isPending } = useMutation({
    mutationFn: (id: string) => dataProvider.action('configurations', { id, action: 'activate' }),
    onSuccess: () => {
      notify('pages.admin.config-activated', { type: 'success' });
      void refreshActive();
      refresh();
    },
    onError: (error: HttpError) =>
      notify(`${translate('pages.admin.error')}: ${translate(error.message, { _: error.message })}`, { type: 'error' }),
  });
  if (!record || record.isActive) return null;
  return (
    <Button
      label="pages.admin.activate"
      disabled={isPending}
      onClick={(e) => {
        e.stopPropagation(); // inside a clickable list row
        mutate(record.id);
      }}
    >
      <CheckCircleIcon />
    </Button>
  );
}

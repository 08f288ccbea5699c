import { DeleteButton, Edit, SaveButton, Toolbar, useRecordContext, useRedirect, useTranslate } from 'react-admin';
import { ActivateButton } from './ActivateButton';
import { ConfigurationForm } from './ConfigurationForm';
import { toUpsertConfiguration, type Configuration } from './configuration';
import { useConfigurationNotifications } from './useConfigurationNotifications';

function EditToolbar() {
  const notifications = useConfigurationNotifications();
  const record = useRecordContext<Configuration>();
  const redirect = useRedirect();
  return (
    <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
      <SaveButton />
      <ActivateButton />
      <span style={{ flex: 1 }} />
      {/* The active one cannot be deleted: the API refuses it and its message is shown. */}
      <DeleteButton
        mutationMode="pessimistic"
        confirmTitle="ra.message.delete_title"
        confirmContent={record?.isActive ? 'pages.admin.error-config-active' : 'ra.message.delete_content'}
        mutationOptions={{
          onSuccess: () => {
            notifications.deleted();
            redirect('list', 'configurations');
          },
          onError: notifications.deleteFailed,
        }}
        redirect="list"
      />
    </Toolbar>
  );
}

function EditTitle() {
  const record = useRecordContext<Configuration>();
  const translate = useTranslate();
  return <span>{`${translate('pages.admin.customize.title')}${record ? ` – ${record.name}` : ''}`}</span>;
}

export default function ConfigurationEdit() {
  const notifications = useConfigurationNotifications();
  return (
    <Edit
      title={<EditTitle />}
      mutationMode="pessimistic"
      // The version comes from the cached record (refreshed by each save), not the form's first load.
      transform={(data: Configuration, options?: { previousData?: Configuration }) =>
        toUpsertConfiguration({ ...data, version: options?.previousData?.version ?? data.version }, { update: true }) as Configuration
      }
      mutationOptions={{ onSuccess: notifications.saved, onError: notifications.saveFailed }}
      redirect={false}
    >
      <ConfigurationForm toolbar={<EditToolbar />} />
    </Edit>
  );
}

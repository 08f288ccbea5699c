import { Create, useRedirect, useTranslate } from 'react-admin';
import { ConfigurationForm } from './ConfigurationForm';
import { NEW_CONFIGURATION, toUpsertConfiguration, type Configuration } from './configuration';
import { useConfigurationNotifications } from './useConfigurationNotifications';

export default function ConfigurationCreate() {
  const notifications = useConfigurationNotifications();
  const translate = useTranslate();
  const redirect = useRedirect();
  return (
    <Create
      title={translate('pages.admin.customize.title')}
      record={NEW_CONFIGURATION}
      transform={(data: Configuration) => toUpsertConfiguration(data, { update: false }) as Configuration}
      mutationOptions={{
        onSuccess: (data: Configuration) => {
          notifications.saved();
          redirect('edit', 'configurations', data.id);
        },
        onError: notifications.saveFailed,
      }}
    >
      <ConfigurationForm />
    </Create>
  );
}

import { useState } from 'react';
import { Create, useTranslate } from 'react-admin';
import { CallForm } from './CallForm';
import { newCallValues, toCallPayload, type CallFormValues } from './callModel';
import { useCallNotifications } from './useCallNotifications';

/** "New call": opening in one month, closing in three; its steps become a new call type. */
export default function CallCreate() {
  const notifications = useCallNotifications();
  const translate = useTranslate();
  // One record for the page's life: a new object on each render would reset the form.
  const [record] = useState(newCallValues);
  return (
    <Create
      title={translate('pages.admin.calls.create-title')}
      record={record}
      transform={(data: CallFormValues) => toCallPayload(data, { update: false, withSteps: true }) as never}
      mutationOptions={{ onSuccess: notifications.created, onError: notifications.createFailed }}
      redirect="list"
    >
      <CallForm deletable={false} pickType />
    </Create>
  );
}

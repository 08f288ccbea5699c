import { Create, useNotify, useRedirect, useTranslate } from 'react-admin';
import { CallTypeForm } from './CallTypeForm';
import { toCallTypePayload, type CallTypeFormValues } from './callTypeModel';

const NEW_CALL_TYPE = { name: '', description: '', steps: [] };

/** `/admin/calls/create/type` and `/admin/call-types/create`: "CallType successfully created". */
export default function CallTypeCreate() {
  const notify = useNotify();
  const translate = useTranslate();
  const redirect = useRedirect();
  return (
    <Create
      resource="call-types"
      title={translate('pages.admin.call-types.create-title')}
      record={NEW_CALL_TYPE}
      transform={(data: CallTypeFormValues) => toCallTypePayload(data) as never}
      mutationOptions={{
        onSuccess: () => {
          notify('pages.admin.call-type-created-successfully', { type: 'success' });
          redirect('list', 'call-types');
        },
        onError: () => notify('pages.admin.error-saving', { type: 'error' }),
      }}
      redirect="list"
    >
      <CallTypeForm />
    </Create>
  );
}

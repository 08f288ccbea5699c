import { DeleteWithConfirmButton, Edit, TopToolbar, useNotify, useRedirect, useTranslate, type HttpError } from 'react-admin';
import { CallTypeForm } from './CallTypeForm';
import { toCallTypeFormValues, toCallTypePayload, type CallTypeFormValues, type CallTypeRecord } from './callTypeModel';

function Actions() {
  const notify = useNotify();
  const translate = useTranslate();
  return (
    <TopToolbar>
      <DeleteWithConfirmButton
        mutationMode="pessimistic"
        mutationOptions={{
          onSuccess: () => notify('pages.admin.call-type-deleted', { type: 'success' }),
          onError: (e: unknown) =>
            notify(`${translate('pages.admin.error-deletion')} ${translate((e as HttpError).message ?? '', { _: '' })}`, { type: 'error' }),
        }}
      />
    </TopToolbar>
  );
}

/** A call type with its steps; shared by every call of this type. */
export default function CallTypeEdit() {
  const notify = useNotify();
  const translate = useTranslate();
  const redirect = useRedirect();
  return (
    <Edit
      actions={<Actions />}
      mutationMode="pessimistic"
      queryOptions={{ select: (r: CallTypeRecord) => (Array.isArray(r.steps) ? toCallTypeFormValues(r) : r) as never }}
      transform={(data: CallTypeFormValues) => toCallTypePayload(data) as never}
      mutationOptions={{
        onSuccess: () => {
          notify('pages.admin.call-type-updated-successfully', { type: 'success' });
          redirect('list', 'call-types');
        },
        onError: (e: unknown) =>
          notify(`${translate('pages.admin.error-saving')} ${translate((e as HttpError).message ?? '', { _: '' })}`, { type: 'error' }),
      }}
      redirect="list"
    >
      <CallTypeForm />
    </Edit>
  );
}

import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useId, useState } from 'react';
import { useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { toCallTypeFormValues, type CallTypeRecord, type CallTypeSummary } from '../call-types/callTypeModel';

const NEW = 'new';

/**
 * "New call": start from an existing call type (its steps, shared with the calls using it) or
 * a new one. Without it every call made its own copy of a type.
 */
export function CallTypePicker() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const { setValue } = useFormContext();
  const chosen = (useWatch({ name: 'callType.id' }) as string | undefined) ?? NEW;
  const id = useId();
  const [loading, setLoading] = useState(false);
  const { data: types = [], isPending } = useGetList<CallTypeSummary>('call-types', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'name', order: 'ASC' },
  });

  const choose = async (value: string) => {
    // Field by field: the steps editor's field array follows `callType.steps` itself, not its parent.
    const apply = (t: { id?: string; version?: number; name: string; description: string; steps: unknown[] }) => {
      setValue('callType.id', t.id, { shouldDirty: true });
      setValue('callType.version', t.version, { shouldDirty: true });
      setValue('callType.name', t.name, { shouldDirty: true });
      setValue('callType.description', t.description, { shouldDirty: true });
      setValue('callType.steps', t.steps, { shouldDirty: true });
    };
    if (value === NEW) {
      apply({ id: undefined, version: undefined, name: '', description: '', steps: [] });
      return;
    }
    setLoading(true);
    try {
      const { data } = await dataProvider.getOne<CallTypeRecord & { id: string }>('call-types', { id: value });
      apply(toCallTypeFormValues(data));
    } catch {
      notify('pages.admin.call-types.load-error', { type: 'error' });
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <FormControl sx={{ minWidth: 280, maxWidth: '100%', mb: 2 }} disabled={isPending || loading}>
        <InputLabel id={`${id}-label`}>{translate('pages.admin.calls.call-type')}</InputLabel>
        <Select
          labelId={`${id}-label`}
          id={id}
          label={translate('pages.admin.calls.call-type')}
          value={types.some((t) => t.id === chosen) ? chosen : NEW}
          onChange={(e) => void choose(e.target.value)}
          aria-describedby={`${id}-help`}
          data-testid="call-type-picker"
        >
          <MenuItem value={NEW}>{translate('pages.admin.calls.call-type-new')}</MenuItem>
          {types.map((t) => (
            <MenuItem key={t.id} value={t.id}>
              {translate('pages.admin.calls.call-type-option', { name: t.name, smart_count: t.stepCount, count: t.stepCount })}
            </MenuItem>
          ))}
        </Select>
        <FormHelperText id={`${id}-help`}>{translate('pages.admin.calls.call-type-help')}</FormHelperText>
      </FormControl>
      {chosen !== NEW && (
        <Alert severity="info" sx={{ mb: 2, width: '100%', maxWidth: 960 }}>
          {translate('pages.admin.calls.steps-help')}
        </Alert>
      )}
    </>
  );
}

import { invalidFilterEmails, parseEmailFilter } from '@impact-calls/domain';
import { BooleanInput, TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';

/** The e-mail filter: on/off and the comma-separated addresses, each checked. */
export function EmailFilterInput() {
  const translate = useTranslate();
  const on = useWatch({ name: 'isUserFilterEnable' }) as boolean | undefined;
  const validate = (value: string | undefined, all: { isUserFilterEnable?: boolean }) => {
    const invalid = invalidFilterEmails(value);
    if (invalid.length) return translate('pages.admin.calls.invalid-emails', { list: invalid.join(', ') });
    if (all.isUserFilterEnable && parseEmailFilter(value).length === 0) return 'pages.admin.error-filter-email-empty';
    return undefined;
  };
  return (
    <>
      <BooleanInput source="isUserFilterEnable" helperText="pages.admin.calls.filter-help" />
      {on && (
        <TextInput
          source="userFilterEmail"
          validate={validate}
          multiline
          minRows={2}
          fullWidth
          helperText="pages.admin.calls.emails-help"
        />
      )}
    </>
  );
}

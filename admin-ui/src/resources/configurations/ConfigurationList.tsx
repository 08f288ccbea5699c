import Chip from '@mui/material/Chip';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { CreateButton, DataTable, List, SearchInput, SimpleList, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { DateTimeField } from '../../fields/DateTimeField';
import { ActivateButton } from './ActivateButton';
import type { Configuration } from './configuration';

function ActiveChip() {
  const record = useRecordContext<Configuration>();
  const translate = useTranslate();
  return record?.isActive ? <Chip color="success" size="small" label={translate('pages.admin.active')} /> : null;
}

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** The customize tab: configurations, one page at a time, searchable. */
export default function ConfigurationList() {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List
      filters={filters}
      sort={{ field: 'updatedAt', order: 'DESC' }}
      perPage={25}
      title={translate('pages.admin.customize.title')}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
    >
      {phone ? (
        <SimpleList<Configuration>
          primaryText={(record) => record.name}
          secondaryText={(record) => [record.domain, translate(`app.languages.${record.defaultLanguage}`)].filter(Boolean).join(' · ')}
          tertiaryText={(record) => (record.isActive ? translate('pages.admin.active') : '')}
          linkType="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="name" />
          <DataTable.Col source="domain" />
          <DataTable.Col
            source="defaultLanguage"
            render={(record: Configuration) => translate(`app.languages.${record.defaultLanguage}`)}
          />
          <DataTable.Col source="isActive" render={() => <ActiveChip />} />
          <DataTable.Col source="updatedAt" render={() => <DateTimeField source="updatedAt" />} />
          <DataTable.Col render={() => <ActivateButton />} />
        </DataTable>
      )}
    </List>
  );
}

import AddIcon from '@mui/icons-material/Add';
import DesignServicesOutlinedIcon from '@mui/icons-material/DesignServicesOutlined';
import { Button, DataTable, List, SearchInput, TopToolbar, useBasename, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { DateTimeField } from '../../fields/DateTimeField';

/** The survey library. */
export default function SurveyList() {
  const translate = useTranslate();
  const basename = useBasename();
  return (
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      title={translate('resources.surveys.name', { smart_count: 2 })}
      actions={
        <TopToolbar>
          {/* With icons: on a phone react-admin shows these buttons as icons only. */}
          <Button component={Link} to={`${basename}/survey/createType`} label="pages.admin.surveys.create-type-title">
            <AddIcon />
          </Button>
          <Button component={Link} to={`${basename}/calls/create/survey`} label="pages.admin.surveys.create-title">
            <DesignServicesOutlinedIcon />
          </Button>
        </TopToolbar>
      }
    >
      <DataTable rowClick={(id) => `${basename}/survey/creator?id=${id}`} bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="description" disableSort />
        <DataTable.Col source="updatedAt" render={() => <DateTimeField source="updatedAt" />} />
      </DataTable>
    </List>
  );
}

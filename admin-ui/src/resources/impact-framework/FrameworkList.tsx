import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { CreateButton, DataTable, DateField, List, SearchInput, SimpleList, TopToolbar, useLocaleState, useTranslate } from 'react-admin';
import { DeleteFrameworkButton } from './DeleteFrameworkButton';
import { FrameworkFileButtons } from './FrameworkFileButtons';
import type { FrameworkSummary } from './frameworks';
import { SdgChip } from './SdgChip';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

function Empty() {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 3 }} color="text.secondary">
      {translate('pages.admin.impact-framework.empty')}
    </Typography>
  );
}

/** `/admin/impact-framework`: the frameworks, newest first, searchable; import from Excel; delete after confirmation. */
export default function FrameworkList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      title={translate('pages.admin.impact-framework.title')}
      empty={false}
      actions={
        <TopToolbar>
          <FrameworkFileButtons />
          <CreateButton />
        </TopToolbar>
      }
    >
      {small ? (
        <SimpleList<FrameworkSummary>
          linkType="edit"
          primaryText={(r) => r.name}
          secondaryText={(r) =>
            translate('pages.admin.impact-framework.counts', {
              outcomes: r.outcomeCount,
              indicators: r.indicatorCount,
              proxies: r.proxyCount,
              stakeholders: r.stakeholderCount,
            })
          }
          tertiaryText={(r) => new Date(r.createdAt).toLocaleDateString(locale)}
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false} empty={<Empty />}>
          <DataTable.Col source="name" />
          <DataTable.Col
            source="description"
            disableSort
            render={(r: FrameworkSummary) => (
              <Typography
                variant="body2"
                sx={{ maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                title={r.description}
              >
                {r.description}
              </Typography>
            )}
          />
          <DataTable.NumberCol source="outcomeCount" />
          <DataTable.NumberCol source="indicatorCount" />
          <DataTable.NumberCol source="stakeholderCount" />
          <DataTable.Col
            source="sdgs"
            disableSort
            render={(r: FrameworkSummary) => (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', minWidth: 140, maxWidth: 150 }}>
                {r.sdgs.map((c) => (
                  <SdgChip key={c} code={c} compact />
                ))}
              </Box>
            )}
          />
          <DataTable.Col source="createdAt" render={() => <DateField source="createdAt" locales={locale} />} />
          <DataTable.Col render={() => <DeleteFrameworkButton />} />
        </DataTable>
      )}
    </List>
  );
}

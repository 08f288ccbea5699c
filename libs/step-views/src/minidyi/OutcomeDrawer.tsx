import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Language } from '@impact-calls/domain';
import { useId } from 'react';
import { useFillText } from '../FillText';
import { useIndicators, type OutcomeInfo } from './data';
import { formatMoney } from './format';
import { LoadState } from './LoadState';
import { SdgTile } from './SdgTile';

/** The outcome's info drawer: its SDG image, description, and its indicators with their proxies and sources. */
export function OutcomeDrawer({ outcome, language, onClose }: { outcome: OutcomeInfo | null; language: Language; onClose(): void }) {
  const t = useFillText();
  const titleId = useId();
  const indicators = useIndicators(outcome ? [outcome.outcomeId] : []);
  return (
    <Drawer
      anchor="right"
      open={!!outcome}
      onClose={onClose}
      // aria-label names the dialog while it closes, when the title it is labelled by is already gone.
      slotProps={{
        paper: {
          sx: { width: { xs: '100vw', sm: 440 } },
          role: 'dialog',
          'aria-labelledby': titleId,
          'aria-label': t('components.mini-dyi.outcomes.drawer-title'),
        },
      }}
    >
      {outcome && (
        <Box sx={{ p: 2 }} data-testid="outcome-drawer">
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
            <SdgTile code={outcome.sdg} language={language} size={72} />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="overline" color="text.secondary">
                {t('components.mini-dyi.outcomes.drawer-title')}
              </Typography>
              <Typography id={titleId} variant="h3" component="h2" sx={{ fontSize: '1.15rem', overflowWrap: 'anywhere' }}>
                {outcome.outcomeName}
              </Typography>
            </Box>
            <IconButton onClick={onClose} aria-label={t('components.mini-dyi.help.close')}>
              <Close />
            </IconButton>
          </Stack>
          {outcome.description && <Typography sx={{ mt: 2 }}>{outcome.description}</Typography>}
          <Typography variant="subtitle1" component="h3" sx={{ mt: 2, fontWeight: 600 }}>
            {t('components.mini-dyi.outcomes.indicators')}
          </Typography>
          <LoadState isLoading={indicators.isLoading} error={indicators.error} retry={() => void indicators.refetch()} />
          <List dense>
            {(indicators.data ?? []).map((i) => (
              <ListItem key={`${i.indicatorId}:${i.proxyId}`} disableGutters alignItems="flex-start">
                <ListItemText
                  primary={i.indicatorName}
                  secondary={
                    <>
                      {i.description && <span style={{ display: 'block' }}>{i.description}</span>}
                      <span style={{ display: 'block' }}>
                        {t('components.mini-dyi.indicators.proxy', {
                          name: i.proxyName,
                          value: i.proxyValue === null ? '—' : formatMoney(i.proxyValue, language),
                        })}
                      </span>
                      {i.sourceName && (
                        <span style={{ display: 'block' }}>
                          {t('components.mini-dyi.outcomes.source')}:{' '}
                          {i.sourceUrl ? (
                            <Link href={i.sourceUrl} target="_blank" rel="noopener noreferrer">
                              {i.sourceName}
                            </Link>
                          ) : (
                            i.sourceName
                          )}
                        </span>
                      )}
                    </>
                  }
                  slotProps={{ secondary: { component: 'div' } }}
                />
              </ListItem>
            ))}
          </List>
        </Box>
      )}
    </Drawer>
  );
}

import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { useFieldArray, useWatch } from 'react-hook-form';
import { StepKindLabel } from './StepKindLabel';
import { defaultContent, kindOf, stepIssues, type StepFormValue } from './stepModel';
import { StepPanel } from './StepPanel';
import { useStepTypes } from './useStepTypes';

/**
 * The ordered steps of a call type inside a react-admin form (`source` is the array):
 * add (type picker; hidden types such as quiz behind a switch), move up and down, edit in
 * a side panel, remove after confirmation. The API renumbers sort 1..n on save.
 * `callFrameworkId` is given in a call's editor (null: the call has none), not for a call type.
 */
export function StepsEditor({ source, callFrameworkId }: { source: string; callFrameworkId?: string | null }) {
  const translate = useTranslate();
  const types = useStepTypes();
  const { fields, append, remove, swap } = useFieldArray({ name: source, keyName: '_key' });
  const values = (useWatch({ name: source }) as StepFormValue[] | undefined) ?? [];
  const [editing, setEditing] = useState<number | null>(null);
  const [confirmRemove, setConfirmRemove] = useState<number | null>(null);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [showHidden, setShowHidden] = useState(false);

  const pickable = (types.data ?? []).filter((t) => showHidden || !t.hiddenInPicker);
  const issues = stepIssues(values, types.data, callFrameworkId ?? null);
  const add = (stepTypeId: string, kind: string) => {
    append({ name: '', description: '', stepTypeId, content: defaultContent(kind) });
    setMenu(null);
    setEditing(fields.length);
  };

  return (
    <Box sx={{ width: '100%', maxWidth: 960 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {translate('pages.admin.steps.title', { count: fields.length, smart_count: fields.length })}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={(e) => setMenu(e.currentTarget)}
          aria-haspopup="menu"
          aria-controls={menu ? 'step-type-menu' : undefined}
        >
          {translate('pages.admin.steps.add')}
        </Button>
        <Menu id="step-type-menu" anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
          {pickable.map((t) => (
            <MenuItem key={t.id} onClick={() => add(t.id, t.name)} data-kind={t.name}>
              <StepKindLabel kind={t.name} />
            </MenuItem>
          ))}
          <Divider />
          <MenuItem disableRipple onKeyDown={(e) => e.stopPropagation()}>
            <FormControlLabel
              control={<Switch size="small" checked={showHidden} onChange={(e) => setShowHidden(e.target.checked)} />}
              label={translate('pages.admin.steps.show-hidden')}
            />
          </MenuItem>
        </Menu>
      </Stack>
      {fields.length === 0 ? (
        <Alert severity="info">{translate('pages.admin.steps.empty')}</Alert>
      ) : (
        <List aria-label={translate('pages.admin.steps.list')} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, py: 0 }}>
          {fields.map((field, index) => {
            const step = values[index];
            const kind = kindOf(types.data, step?.stepTypeId);
            const name = step?.name?.trim();
            const issue = issues.find((i) => i.index === index);
            return (
              <ListItem
                key={field._key}
                divider={index < fields.length - 1}
                data-testid="step-row"
                sx={{ flexDirection: { xs: 'column', sm: 'row' }, alignItems: { xs: 'stretch', sm: 'center' }, gap: 1 }}
              >
                <ListItemText
                  primary={
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Typography component="span" sx={{ minWidth: 24, color: 'text.secondary' }}>
                        {index + 1}.
                      </Typography>
                      <Typography
                        component="span"
                        color={name ? 'text.primary' : 'error'}
                        sx={{ overflowWrap: 'anywhere' }}
                        data-testid="step-name"
                      >
                        {name || translate('pages.admin.steps.untitled')}
                      </Typography>
                      <Chip size="small" variant="outlined" label={<StepKindLabel kind={kind} />} />
                    </Stack>
                  }
                  secondary={issue ? translate(issue.key, { name: issue.name }) : undefined}
                  slotProps={{ secondary: { color: 'error', 'data-testid': 'step-issue' } as object }}
                  sx={{ flex: 1, minWidth: 0 }}
                />
                {/* Beside the name on wider screens, under it on a phone (the name keeps its width). */}
                <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0, justifyContent: 'flex-end' }}>
                  <Tooltip title={translate('pages.admin.steps.move-up')}>
                    <span>
                      <IconButton
                        aria-label={translate('pages.admin.steps.move-up')}
                        disabled={index === 0}
                        onClick={() => swap(index, index - 1)}
                      >
                        <ArrowUpwardIcon />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={translate('pages.admin.steps.move-down')}>
                    <span>
                      <IconButton
                        aria-label={translate('pages.admin.steps.move-down')}
                        disabled={index === fields.length - 1}
                        onClick={() => swap(index, index + 1)}
                      >
                        <ArrowDownwardIcon />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={translate('pages.admin.steps.edit')}>
                    <IconButton aria-label={translate('pages.admin.steps.edit')} onClick={() => setEditing(index)}>
                      <EditOutlinedIcon />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={translate('pages.admin.steps.remove')}>
                    <IconButton aria-label={translate('pages.admin.steps.remove')} onClick={() => setConfirmRemove(index)}>
                      <DeleteOutlineIcon />
                    </IconButton>
                  </Tooltip>
                </Stack>
              </ListItem>
            );
          })}
        </List>
      )}
      {editing !== null && editing < fields.length && (
        <StepPanel
          base={`${source}.${editing}`}
          index={editing}
          kind={kindOf(types.data, values[editing]?.stepTypeId)}
          onClose={() => setEditing(null)}
          callFrameworkId={callFrameworkId}
        />
      )}
      <Confirm
        isOpen={confirmRemove !== null}
        title="pages.admin.steps.remove-title"
        content="pages.admin.steps.remove-content"
        translateOptions={{ name: confirmRemove !== null ? values[confirmRemove]?.name || translate('pages.admin.steps.untitled') : '' }}
        onConfirm={() => {
          if (confirmRemove !== null) remove(confirmRemove);
          setConfirmRemove(null);
          setEditing(null);
        }}
        onClose={() => setConfirmRemove(null)}
      />
    </Box>
  );
}

/** True when every step has a name (the save button stays disabled otherwise). */
export function stepsComplete(steps: StepFormValue[] | undefined): boolean {
  return (steps ?? []).every((s) => !!s?.name?.trim() && !!s.stepTypeId);
}

export { stepIssues, type StepIssue } from './stepModel';

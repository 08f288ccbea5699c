import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import {
  ClearButtons,
  DefaultEditorOptions,
  FormatButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
  useTiptapEditor,
  type RichTextInputProps,
} from 'ra-input-rich-text';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';

const LEVELS = [
  { key: 'ra.tiptap.paragraph', level: 0 },
  { key: 'ra.tiptap.heading1', level: 1 },
  { key: 'ra.tiptap.heading2', level: 2 },
  { key: 'ra.tiptap.heading3', level: 3 },
] as const;

/**
 * The paragraph / heading menu. ra-input-rich-text's own puts a list item in a <nav> and names
 * its button "Current level" while it shows "Normal" (two serious axe findings on every form
 * with rich text): here a plain button whose name starts with what it shows.
 */
function LevelMenu() {
  const translate = useTranslate();
  const editor = useTiptapEditor();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const levelOf = () =>
    LEVELS.find((l) => (l.level === 0 ? editor?.isActive('paragraph') : editor?.isActive('heading', { level: l.level }))) ?? LEVELS[0];
  const [current, setCurrent] = useState(levelOf);
  useEffect(() => {
    if (!editor) return undefined;
    const update = () => setCurrent(levelOf());
    editor.on('transaction', update);
    return () => void editor.off('transaction', update);
  }, [editor]); // eslint-disable-line react-hooks/exhaustive-deps
  const label = translate(current.key);
  const choose = (level: (typeof LEVELS)[number]['level']) => {
    setAnchor(null);
    // The paragraph and heading commands come from StarterKit's extensions (their types augment another copy of @tiptap/core).
    const chain = editor.chain().focus() as unknown as {
      setParagraph(): { run(): boolean };
      setHeading(o: { level: 1 | 2 | 3 }): { run(): boolean };
    };
    if (level === 0) chain.setParagraph().run();
    else chain.setHeading({ level }).run();
  };
  return (
    <>
      <Button
        size="small"
        color="inherit"
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        aria-label={`${label} – ${translate('ra.tiptap.select_level')}`}
        disabled={!editor?.isEditable}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ textTransform: 'none', minWidth: 120, justifyContent: 'space-between' }}
      >
        {label}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {LEVELS.map((l) => (
          <MenuItem key={l.key} selected={l === current} onClick={() => choose(l.level)}>
            {translate(l.key)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/**
 * The console's rich text input: ra-input-rich-text with a toolbar of what the API keeps
 * (its sanitizer drops colours, alignment and images), translated (ra.tiptap.* in the
 * catalogs), and an editable area named by the field's label.
 */
export function RichText(props: RichTextInputProps) {
  const generated = useId();
  const id = props.id ?? `rich-${generated.replace(/[^\w-]/g, '')}`;
  // The contenteditable itself carries the name (EditorContent puts it on a wrapper div).
  const editorOptions = useMemo(
    () => ({ ...DefaultEditorOptions, editorProps: { attributes: { 'aria-labelledby': `${id}-label`, 'aria-multiline': 'true' } } }),
    [id],
  );
  return (
    <RichTextInput
      {...props}
      id={id}
      editorOptions={editorOptions}
      toolbar={
        <RichTextInputToolbar>
          <LevelMenu />
          <FormatButtons size="small" />
          <ListButtons size="small" />
          <LinkButtons size="small" />
          <QuoteButtons size="small" />
          <ClearButtons size="small" />
        </RichTextInputToolbar>
      }
    />
  );
}

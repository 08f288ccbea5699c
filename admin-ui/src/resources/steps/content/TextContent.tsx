import { RichTextInput } from 'ra-input-rich-text';

/** text: rich HTML (sanitized by the API on save). */
export function TextContent({ base }: { base: string }) {
  return <RichTextInput source={`${base}.content.html`} label="pages.admin.steps.text.html" fullWidth />;
}

import { RichText } from '../../../inputs/LazyRichText';

/** text: rich HTML (sanitized by the API on save). */
export function TextContent({ base }: { base: string }) {
  return <RichText source={`${base}.content.html`} label="pages.admin.steps.text.html" fullWidth />;
}

import Skeleton from '@mui/material/Skeleton';
import type { RichTextInputProps } from 'ra-input-rich-text';
import { lazy, Suspense } from 'react';
import { Labeled } from 'react-admin';

// The editor (tiptap, ProseMirror) is the console's largest library: fetched by the first form that shows it.
const Editor = lazy(() => import('./RichText').then((m) => ({ default: m.RichText })));

/** The console's rich text input (./RichText), loaded on first use; its label and a placeholder meanwhile. */
export function RichText(props: RichTextInputProps) {
  return (
    <Suspense
      fallback={
        <Labeled label={props.label} source={props.source} resource={props.resource} fullWidth>
          <Skeleton variant="rounded" height={120} aria-busy="true" />
        </Labeled>
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}

import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * Renders HTML that the API sanitized on save (landing HTML, welcome message, call
 * descriptions, consent text). Never use it for text typed by applicants.
 */
export function RichHtml({ html, sx }: { html: string; sx?: SxProps<Theme> }) {
  return (
    <Box
      className="rich-html"
      sx={[
        {
          overflowWrap: 'anywhere',
          '& h1': { typography: 'h2', mt: 0 },
          '& h2': { typography: 'h3', mt: 3 },
          '& h3': { typography: 'h6' },
          '& p': { my: 1.5, lineHeight: 1.6 },
          '& img': { maxWidth: '100%', height: 'auto' },
          '& li': { mb: 0.75, lineHeight: 1.6 },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

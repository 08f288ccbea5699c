import Box from '@mui/material/Box';

/**
 * HTML of a step written by administrators and sanitized by the API on save (text steps,
 * results). Never used for anything an applicant typed.
 */
export function StepHtml({ html }: { html: string }) {
  return (
    <Box
      className="rich-html"
      sx={{
        overflowWrap: 'anywhere',
        '& h1': { typography: 'h2', mt: 0 },
        '& h2': { typography: 'h3', mt: 3 },
        '& p': { my: 1.5, lineHeight: 1.6 },
        '& img': { maxWidth: '100%', height: 'auto' },
        '& li': { mb: 0.75, lineHeight: 1.6 },
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

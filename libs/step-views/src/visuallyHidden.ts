/**
 * Hidden on screen, still read by screen readers, taking no room. Lengths are written in px:
 * in MUI's sx a number up to 1 is a fraction (width: 1 is 100%), and a hidden text that wide
 * stuck out of its box and widened the page.
 */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

import Box, { type BoxProps } from '@mui/material/Box';

type Name = { 'aria-label': string } | { 'aria-labelledby': string };

/**
 * The box a wide table scrolls sideways in on a narrow screen. A keyboard user scrolls it with the arrow
 * keys once it has the focus, so it takes the focus (WCAG 2.1.1, axe's scrollable-region-focusable), and
 * it is a region with a name (`aria-label`, or `aria-labelledby` its heading) for a screen reader to say.
 */
export function ScrollRegion({ sx, ...props }: Omit<BoxProps, 'aria-label' | 'aria-labelledby'> & Name) {
  return (
    <Box
      role="region"
      tabIndex={0}
      {...props}
      sx={[{ overflowX: 'auto', width: '100%' }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}

import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, type RefObject, useId } from 'react';

/**
 * A titled group of a form's fields (a customer's, a warehouse's), stacked; the title names the region for
 * screen readers. `sectionRef` lets the form scroll a section into view below the top bar.
 */
export function FormSection({
  title,
  children,
  sectionRef,
}: {
  title: string;
  children: ReactNode;
  sectionRef?: RefObject<HTMLElement | null>;
}) {
  const id = useId();
  return (
    <Paper
      ref={sectionRef}
      variant="outlined"
      component="section"
      aria-labelledby={id}
      sx={{ p: { xs: 2, sm: 3 }, scrollMarginTop: 80 }}
    >
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Stack spacing={2}>{children}</Stack>
    </Paper>
  );
}

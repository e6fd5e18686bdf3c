import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  /** A picture of what the list holds (an icon; shown large and muted). */
  icon: ReactNode;
  title: string;
  text: string;
  /** What to do next: create, import, clear the filters. */
  children?: ReactNode;
}

/** A list with nothing to show: what is missing, why, and what to do about it. */
export function EmptyState({ icon, title, text, children }: EmptyStateProps) {
  return (
    <Paper variant="outlined" role="status" sx={{ p: { xs: 2, sm: 4 }, textAlign: 'center' }}>
      <Box aria-hidden sx={{ '& svg': { fontSize: 48, color: 'text.secondary' } }}>
        {icon}
      </Box>
      <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 560, mx: 'auto' }}>
        {text}
      </Typography>
      {children ? (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ mt: 2, justifyContent: 'center', flexWrap: 'wrap' }}
        >
          {children}
        </Stack>
      ) : null}
    </Paper>
  );
}

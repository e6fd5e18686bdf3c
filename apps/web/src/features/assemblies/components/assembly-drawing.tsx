import { type AssemblyDrawingModel, assemblyDrawingSvg } from '@hosewright/domain';
import Box from '@mui/material/Box';
import { useMemo } from 'react';

/** Names the drawing for screen readers: the SVG's own description, read from the model. */
function describe(svg: string): string {
  const match = /<desc[^>]*>([^<]*)<\/desc>/.exec(svg);
  return (match?.[1] ?? '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * The domain's SVG drawing shown as an image: it scales to the width it gets (a phone shows the whole
 * assembly), and the same SVG goes into the spec-sheet PDF.
 */
export function AssemblyDrawing({ model, label }: { model: AssemblyDrawingModel; label: string }) {
  const svg = useMemo(() => assemblyDrawingSvg(model), [model]);
  const src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  return (
    <Box
      component="figure"
      sx={{ m: 0, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff', overflow: 'hidden' }}
    >
      <Box
        component="img"
        src={src}
        alt={`${label}: ${describe(svg)}`}
        sx={{ display: 'block', width: '100%', height: 'auto' }}
      />
    </Box>
  );
}

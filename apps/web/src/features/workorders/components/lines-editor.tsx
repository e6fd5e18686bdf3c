/** The assemblies a work order builds: add one from the search, set how many, remove one. */
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type FormErrors, type LineDraft, newLineKey } from '../lib/form';
import { AssemblyPicker } from './pickers';

export function LinesEditor({
  lines,
  errors,
  onChange,
}: {
  lines: readonly LineDraft[];
  errors: FormErrors;
  onChange: (lines: LineDraft[]) => void;
}) {
  const { t } = useTranslation();
  const update = (index: number, quantity: string) =>
    onChange(lines.map((line, i) => (i === index ? { ...line, quantity } : line)));

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {lines.length > 0 ? (
        <Box
          component="ol"
          aria-label={t('workOrders.form.linesLabel')}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
        >
          {lines.map((line, index) => {
            const n = index + 1;
            const message = errors[`lines.${index}.quantity`] ?? errors[`lines.${index}.hoseAssemblyId`];
            return (
              <Paper
                component="li"
                variant="outlined"
                key={line.key}
                aria-label={t('workOrders.form.lineLabel', { n, title: line.title })}
                sx={{
                  p: { xs: 1.5, sm: 2 },
                  display: 'grid',
                  gap: 1,
                  gridTemplateColumns: { xs: 'minmax(0, 1fr) auto', sm: 'minmax(0, 1fr) 140px auto' },
                  alignItems: 'start',
                }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{line.title}</Typography>
                  {line.description ? (
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {line.description}
                    </Typography>
                  ) : null}
                </Box>
                <TextField
                  size="small"
                  label={t('workOrders.form.quantity')}
                  value={line.quantity}
                  onChange={(e) => update(index, e.target.value)}
                  error={Boolean(message)}
                  helperText={message}
                  slotProps={{
                    htmlInput: {
                      inputMode: 'numeric',
                      'aria-label': t('workOrders.form.quantityOf', { title: line.title }),
                    },
                  }}
                  sx={{ gridRow: { xs: 2, sm: 1 }, gridColumn: { xs: '1 / -1', sm: 2 } }}
                />
                <IconButton
                  aria-label={t('workOrders.form.removeLine', { title: line.title })}
                  onClick={() => onChange(lines.filter((_, i) => i !== index))}
                  sx={{ gridRow: 1, gridColumn: { xs: 2, sm: 3 } }}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              </Paper>
            );
          })}
        </Box>
      ) : null}
      <AssemblyPicker
        error={lines.length === 0 ? errors.lines : undefined}
        onPick={(assembly) => {
          // The same assembly twice is one line with one more to build.
          const at = lines.findIndex((l) => l.hoseAssemblyId === assembly._id);
          if (at >= 0) {
            const current = Number(lines[at]?.quantity);
            update(at, String(Number.isFinite(current) ? current + 1 : 1));
            return;
          }
          onChange([
            ...lines,
            {
              key: newLineKey(),
              hoseAssemblyId: assembly._id,
              title: assembly.title,
              description: assembly.description,
              quantity: '1',
            },
          ]);
        }}
      />
      {lines.length > 0 && errors.lines ? (
        <Typography color="error" variant="body2" role="alert">
          {errors.lines}
        </Typography>
      ) : null}
    </Box>
  );
}

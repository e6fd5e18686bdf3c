import type { ImportField, ImportPreview } from '@hosewright/domain';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { type ComponentType, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStartImport } from '@/api/imports';
import { formatNumber } from '@/lib/format';

const IGNORE = '';

/** The required fields no column fills, in the contract's order. */
function unmappedRequired(
  mapping: Record<string, string | null>,
  fields: readonly ImportField[],
): ImportField[] {
  const mapped = new Set(Object.values(mapping));
  return fields.filter((f) => f.required && !mapped.has(f.name));
}

/** What is wrong with a mapping: required fields without a column, fields filled by two columns. */
export function mappingProblems(
  mapping: Record<string, string | null>,
  fields: readonly ImportField[],
  t: TFunction,
  labelOf: (name: string) => string,
): string[] {
  const used = new Map<string, string[]>();
  for (const [column, field] of Object.entries(mapping)) {
    if (field) used.set(field, [...(used.get(field) ?? []), column]);
  }
  const problems: string[] = [];
  const missing = unmappedRequired(mapping, fields).map((f) => labelOf(f.name));
  if (missing.length > 0)
    problems.push(t('components.import.missingRequired', { fields: missing.join(', ') }));
  for (const [field, columns] of used) {
    if (columns.length > 1) {
      problems.push(t('components.import.usedTwice', { field: labelOf(field), columns: columns.join(', ') }));
    }
  }
  return problems;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** What a check step shows: it tells the wizard, through `onResult`, whether the import may start. */
export interface ImportCheckProps {
  importId: string;
  mapping: Record<string, string | null>;
  onResult: (canStart: boolean) => void;
}

/**
 * A check between the mapping and the start (a stock take shows what it would change): the mapping step
 * offers the check button first, shows `Check` with the mapping, and offers Start once it says so.
 */
export interface ImportCheck {
  /** The button that checks ('Check the count'). */
  label: string;
  Check: ComponentType<ImportCheckProps>;
}

export interface ImportMappingStepProps {
  preview: ImportPreview;
  onStarted: (importId: string) => void;
  onBack: () => void;
  /** A field's name as the shop knows it ('Part number'). */
  fieldLabel: (name: string) => string;
  /** What the file holds, in the plural ('Customers'). */
  kindLabel: string;
  /** A check to pass before Start (none: Start straight after mapping). */
  check?: ImportCheck | undefined;
}

/**
 * Step 2: which column fills which field (the server's suggestion preselected), the first rows, Start. A
 * required field no column was recognised as is named from the start, and Start (like the server's start)
 * refuses until every required field has its column.
 */
export function ImportMappingStep({
  preview,
  onStarted,
  onBack,
  fieldLabel,
  kindLabel,
  check,
}: ImportMappingStepProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const sampleId = useId();
  const [mapping, setMapping] = useState<Record<string, string | null>>(() => {
    const initial: Record<string, string | null> = {};
    for (const column of preview.columns) initial[column] = preview.mapping[column] ?? null;
    return initial;
  });
  const [problems, setProblems] = useState<string[]>([]);
  // The mapping the check was asked with (a change of mapping asks again), and whether it passed.
  const [checked, setChecked] = useState<Record<string, string | null> | null>(null);
  const [canStart, setCanStart] = useState(false);
  const start = useStartImport();
  const requiredCount = preview.fields.filter((f) => f.required).length;
  const unmapped = unmappedRequired(mapping, preview.fields);

  const onCheck = () => {
    const found = mappingProblems(mapping, preview.fields, t, fieldLabel);
    setProblems(found);
    if (found.length > 0) return;
    setCanStart(false);
    setChecked({ ...mapping });
  };

  const onStart = async () => {
    const found = mappingProblems(mapping, preview.fields, t, fieldLabel);
    setProblems(found);
    if (found.length > 0) return;
    if (check && (!checked || !canStart)) return;
    try {
      const started = await start.mutateAsync({ importId: preview.importId, mapping });
      onStarted(started.importId);
    } catch {
      // Shown below from the mutation's error.
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Box>
          <Typography id={headingId} variant="h6" component="h2">
            {t('components.import.mappingStep')}
          </Typography>
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t('components.import.fileSummary', {
              fileName: preview.fileName,
              rows: formatNumber(preview.rowsTotal),
              count: preview.rowsTotal,
              kinds: kindLabel.toLowerCase(),
            })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('components.import.mappingHelp', { count: requiredCount })}
          </Typography>
        </Box>

        {unmapped.length > 0 && problems.length === 0 ? (
          <Alert severity="warning">
            {t('components.import.unmappedRequired', {
              count: unmapped.length,
              fields: unmapped.map((f) => fieldLabel(f.name)).join(', '),
            })}
          </Alert>
        ) : null}

        <Box
          component="ul"
          aria-label={t('components.import.columns')}
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
        >
          {preview.columns.map((column) => {
            const first = preview.sampleRows[0]?.[column];
            return (
              <Box
                component="li"
                key={column}
                sx={{
                  display: 'grid',
                  gap: 1,
                  alignItems: 'center',
                  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) minmax(0, 1.2fr)' },
                }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{column}</Typography>
                  {cellText(first) ? (
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {t('components.import.example', { value: cellText(first) })}
                    </Typography>
                  ) : null}
                </Box>
                <TextField
                  select
                  size="small"
                  label={t('components.import.fillsField', { column })}
                  value={mapping[column] ?? IGNORE}
                  onChange={(event) => {
                    setMapping((current) => ({ ...current, [column]: event.target.value || null }));
                    setProblems([]);
                    setChecked(null);
                    setCanStart(false);
                  }}
                  slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                >
                  <MenuItem value={IGNORE}>
                    <em>{t('components.import.ignoreColumn')}</em>
                  </MenuItem>
                  {preview.fields.map((field) => (
                    <MenuItem key={field.name} value={field.name}>
                      {field.required
                        ? t('components.import.requiredField', { field: fieldLabel(field.name) })
                        : fieldLabel(field.name)}
                    </MenuItem>
                  ))}
                </TextField>
              </Box>
            );
          })}
        </Box>

        {preview.sampleRows.length > 0 ? (
          <Box>
            <Typography id={sampleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {t('components.import.sampleRows', {
                shown: formatNumber(preview.sampleRows.length),
                total: formatNumber(preview.rowsTotal),
              })}
            </Typography>
            <TableContainer sx={{ maxWidth: '100%', border: 1, borderColor: 'divider', borderRadius: 1 }}>
              <Table size="small" aria-labelledby={sampleId}>
                <TableHead>
                  <TableRow>
                    {preview.columns.map((column) => (
                      <TableCell key={column} sx={{ whiteSpace: 'nowrap' }}>
                        {column}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {preview.sampleRows.map((row, index) => (
                    // Sample rows have no identity beyond their position in the file.
                    // biome-ignore lint/suspicious/noArrayIndexKey: rows are static for the preview
                    <TableRow key={index}>
                      {preview.columns.map((column) => (
                        <TableCell key={column} sx={{ whiteSpace: 'nowrap' }}>
                          {cellText(row[column])}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Box>
        ) : null}

        {problems.length > 0 ? (
          <Alert severity="error" role="alert">
            {problems.map((p) => (
              <div key={p}>{p}</div>
            ))}
          </Alert>
        ) : null}
        {check && checked ? (
          <check.Check importId={preview.importId} mapping={checked} onResult={setCanStart} />
        ) : null}
        {start.isError ? (
          <Alert severity="error">
            {t('components.import.startFailed')} {start.error.message}
          </Alert>
        ) : null}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {check && !checked ? (
            <Button variant="contained" onClick={onCheck} startIcon={<FactCheckIcon />}>
              {check.label}
            </Button>
          ) : (
            <Button
              variant="contained"
              onClick={() => void onStart()}
              disabled={start.isPending || (check !== undefined && !canStart)}
              startIcon={start.isPending ? <CircularProgress size={16} aria-hidden /> : <PlayArrowIcon />}
            >
              {t('components.import.start')}
            </Button>
          )}
          <Button onClick={onBack} disabled={start.isPending}>
            {t('components.import.chooseOther')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

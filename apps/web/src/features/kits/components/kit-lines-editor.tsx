/**
 * The kit's lines: add a hose assembly, a component or another item, set quantities (and the other item's
 * description and cost), reorder and remove. Each line shows its price as the server computed it with the
 * customer's terms, and the totals follow every change.
 */
import type { KitTotals } from '@hosewright/domain';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';
import { type LineDraft, newLineKey } from '../lib/draft';
import type { BomLine } from './kit-bom';
import { TotalsSummary } from './kit-bom';
import { AssemblyPicker, ComponentPicker } from './pickers';

export interface KitLinesEditorProps {
  lines: readonly LineDraft[];
  onChange: (lines: LineDraft[]) => void;
  /** The server's pricing of the same lines, by index (absent while it is being worked out). */
  priced?: readonly BomLine[] | undefined;
  totals?: KitTotals | undefined;
  /** The prices' currency (the customer's, or the base currency). */
  currency?: string | null | undefined;
  /** The costs' currency (the base currency). */
  costCurrency?: string | null | undefined;
  isPricing?: boolean;
  /** Why the lines could not be priced ("Line 2: The quantity must be more than 0"). */
  pricingError?: string | null;
}

export function KitLinesEditor({
  lines,
  onChange,
  priced,
  totals,
  currency,
  costCurrency,
  isPricing,
  pricingError,
}: KitLinesEditorProps) {
  const { t } = useTranslation();
  const money = (value: number | null) => formatMoney(value, currency ?? undefined);
  const update = (index: number, patch: Partial<LineDraft>) =>
    onChange(lines.map((line, i) => (i === index ? { ...line, ...patch } : line)));
  const remove = (index: number) => onChange(lines.filter((_, i) => i !== index));
  const move = (index: number, by: -1 | 1) => {
    const next = [...lines];
    const [line] = next.splice(index, 1);
    if (line) next.splice(index + by, 0, line);
    onChange(next);
  };
  const add = (line: Omit<LineDraft, 'key'>) => onChange([...lines, { key: newLineKey(), ...line }]);

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {lines.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }} role="status">
          <Typography sx={{ fontWeight: 600 }}>{t('kits.editor.noLines')}</Typography>
          <Typography color="text.secondary">{t('kits.editor.noLinesHelp')}</Typography>
        </Paper>
      ) : (
        <Box
          component="ol"
          aria-label={t('kits.editor.linesLabel')}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
        >
          {lines.map((line, index) => {
            const price = priced?.[index];
            const n = index + 1;
            return (
              <Paper
                component="li"
                variant="outlined"
                key={line.key}
                aria-label={t('kits.editor.lineLabel', { n })}
                sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1 }}
              >
                <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
                  <Box
                    sx={{
                      display: 'flex',
                      alignItems: 'center',
                      gap: 1,
                      flexWrap: 'wrap',
                      flex: 1,
                      minWidth: 0,
                    }}
                  >
                    <Typography sx={{ fontWeight: 600 }}>{n}.</Typography>
                    <Chip size="small" label={t(`kits.lineTypes.${line.lineType}`)} />
                    {line.lineType !== 'other' ? (
                      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                        {price?.partNumber || line.label}
                      </Typography>
                    ) : null}
                  </Box>
                  <Box sx={{ display: 'flex', flexShrink: 0 }}>
                    <IconButton
                      size="small"
                      aria-label={t('kits.editor.moveUp', { n })}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      <ArrowUpwardIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      aria-label={t('kits.editor.moveDown', { n })}
                      disabled={index === lines.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <ArrowDownwardIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      aria-label={t('kits.editor.remove', { n })}
                      onClick={() => remove(index)}
                    >
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  </Box>
                </Box>
                {line.lineType !== 'other' && price?.description ? (
                  <Typography variant="body2" color="text.secondary">
                    {price.description}
                  </Typography>
                ) : null}
                <Box
                  sx={{
                    display: 'grid',
                    gap: 1,
                    gridTemplateColumns:
                      line.lineType === 'other'
                        ? { xs: '1fr 1fr', sm: '3fr 1fr 1fr' }
                        : { xs: '1fr', sm: '1fr 3fr' },
                    '& > .kit-description': { gridColumn: { xs: '1 / -1', sm: 'auto' } },
                  }}
                >
                  {line.lineType === 'other' ? (
                    <TextField
                      className="kit-description"
                      size="small"
                      label={t('kits.editor.description')}
                      slotProps={{ htmlInput: { 'aria-label': t('kits.editor.descriptionOf', { n }) } }}
                      value={line.description}
                      onChange={(e) => update(index, { description: e.target.value })}
                    />
                  ) : null}
                  <TextField
                    size="small"
                    label={t('kits.editor.quantity')}
                    value={line.quantity}
                    onChange={(e) => update(index, { quantity: e.target.value })}
                    slotProps={{
                      htmlInput: { inputMode: 'decimal', 'aria-label': t('kits.editor.quantityOf', { n }) },
                      input: price?.component
                        ? {
                            endAdornment: (
                              <InputAdornment position="end">{price.component.costUnit}</InputAdornment>
                            ),
                          }
                        : {},
                    }}
                  />
                  {line.lineType === 'other' ? (
                    <TextField
                      size="small"
                      label={t('kits.editor.unitCost')}
                      value={line.unitCost}
                      onChange={(e) => update(index, { unitCost: e.target.value })}
                      slotProps={{
                        htmlInput: { inputMode: 'decimal', 'aria-label': t('kits.editor.unitCostOf', { n }) },
                      }}
                    />
                  ) : (
                    <Typography variant="body2" sx={{ alignSelf: 'center' }} data-testid={`line-price-${n}`}>
                      {price
                        ? t('kits.editor.linePrice', {
                            unitPrice: money(price.unitPrice),
                            extendedPrice: money(price.extendedPrice),
                          })
                        : ''}
                    </Typography>
                  )}
                </Box>
                {line.lineType === 'other' && price ? (
                  <Typography variant="body2" data-testid={`line-price-${n}`}>
                    {t('kits.editor.linePrice', {
                      unitPrice: money(price.unitPrice),
                      extendedPrice: money(price.extendedPrice),
                    })}
                  </Typography>
                ) : null}
              </Paper>
            );
          })}
        </Box>
      )}

      <Paper
        variant="outlined"
        sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1.5 }}
        aria-label={t('kits.editor.addLine')}
        component="section"
      >
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('kits.editor.addLine')}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr auto' },
            alignItems: 'start',
          }}
        >
          <AssemblyPicker
            onPick={(a) =>
              add({
                lineType: 'hoseAssembly',
                hoseAssemblyId: a._id,
                label: a.title,
                description: '',
                quantity: '1',
                unitCost: '',
              })
            }
          />
          <ComponentPicker
            onPick={(c) =>
              add({
                lineType: 'component',
                componentId: c._id,
                label: c.partNumber,
                description: '',
                quantity: '1',
                unitCost: '',
              })
            }
          />
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            sx={{ minHeight: 56 }}
            onClick={() =>
              add({ lineType: 'other', label: '', description: '', quantity: '1', unitCost: '' })
            }
          >
            {t('kits.editor.addOther')}
          </Button>
        </Box>
      </Paper>

      <Box aria-live="polite" sx={{ display: 'grid', gap: 1 }}>
        {isPricing ? <LinearProgress aria-label={t('kits.editor.pricing')} /> : null}
        {pricingError ? <Alert severity="warning">{pricingError}</Alert> : null}
        {totals && !pricingError ? (
          <TotalsSummary totals={totals} currency={currency} costCurrency={costCurrency} />
        ) : null}
      </Box>
    </Box>
  );
}

/**
 * The lines of an estimate (new and edit): add a kit, an assembly or a component from a search, build a new
 * assembly for the customer (the builder comes back with it added), or type an other item, labour or
 * freight; set each quantity and, when the shop says so, a price (typed in the currency's major unit). Each
 * line shows what the live pricing made of it: unit price, line total, what priced it, and a warning when it
 * is below the target margin or unpriced. Cards on every screen, so a phone never scrolls sideways.
 */
import { ESTIMATE_LINE_TYPES, type EstimateLine, type EstimateLineType } from '@hosewright/domain';
import AddIcon from '@mui/icons-material/Add';
import BuildIcon from '@mui/icons-material/Build';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AssemblyPicker } from '@/components/assembly-picker';
import { formatMinor } from '../lib/estimate';
import { type FormErrors, isItemLine, type LineDraft, newLine } from '../lib/form';
import { LineWarning } from './estimate-chips';
import { ComponentAddPicker, KitAddPicker } from './pickers';

/** What a typed line is named by when it has no text yet. */
const lineTitle = (line: LineDraft, typeLabel: string) => line.title || line.description || typeLabel;

export function LinesEditor({
  lines,
  errors,
  onChange,
  currency,
  priced,
  customerId,
  onBuildAssembly,
  focusKey: focusFromPage,
}: {
  lines: readonly LineDraft[];
  errors: FormErrors;
  onChange: (lines: LineDraft[]) => void;
  /** The estimate's currency: typed prices are in its major unit. */
  currency: string;
  /** Each row's priced line by its key (the live pricing). */
  priced: ReadonlyMap<string, EstimateLine>;
  /** The customer, for building a new assembly for them. */
  customerId: string | null;
  /** Opens the builder for the customer; it comes back to the page with the assembly added. */
  onBuildAssembly: (customerId: string) => void;
  /** A row the page added whose quantity takes the focus (the assembly just built). */
  focusKey?: string | null;
}) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState<EstimateLineType>('assembly');
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const buildHelpId = useId();
  const update = (index: number, patch: Partial<LineDraft>) =>
    onChange(lines.map((line, i) => (i === index ? { ...line, ...patch } : line)));
  const typeLabel = (type: EstimateLineType) => t(`estimates.lineTypes.${type}`);

  /** An item already on the estimate is one more of it; anything else is a new line. */
  const addItem = (type: EstimateLineType, item: { id: string; title: string; description: string }) => {
    const at = lines.findIndex((l) => l.type === type && l.itemId === item.id);
    if (at >= 0) {
      const current = Number(lines[at]?.quantity);
      update(at, { quantity: String(Number.isFinite(current) ? current + 1 : 1) });
      return;
    }
    onChange([...lines, newLine(type, item)]);
  };
  const addTyped = () => {
    const line = newLine(adding);
    setFocusKey(line.key);
    onChange([...lines, line]);
  };

  return (
    <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      {lines.length > 0 ? (
        <Box
          component="ol"
          aria-label={t('estimates.lines.label')}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
        >
          {lines.map((line, index) => (
            <LineRow
              key={line.key}
              line={line}
              index={index}
              title={lineTitle(line, typeLabel(line.type))}
              errors={errors}
              currency={currency}
              priced={priced.get(line.key)}
              autoFocus={line.key === focusKey || line.key === focusFromPage}
              onChange={(patch) => update(index, patch)}
              onRemove={() => onChange(lines.filter((_, i) => i !== index))}
            />
          ))}
        </Box>
      ) : null}

      <Paper
        variant="outlined"
        sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1.5, bgcolor: 'action.hover' }}
      >
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '200px minmax(0, 1fr)' },
            alignItems: 'start',
          }}
        >
          <TextField
            select
            size="small"
            label={t('estimates.lines.addType')}
            value={adding}
            onChange={(e) => setAdding(e.target.value as EstimateLineType)}
          >
            {ESTIMATE_LINE_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {typeLabel(type)}
              </MenuItem>
            ))}
          </TextField>
          {adding === 'assembly' ? (
            <AssemblyPicker
              onPick={(a) => addItem('assembly', { id: a._id, title: a.title, description: a.description })}
              label={t('estimates.lines.addAssembly')}
              placeholder={t('estimates.lines.addAssemblyPlaceholder')}
              noOptionsText={t('estimates.lines.noAssemblies')}
              error={lines.length === 0 ? errors.lines : undefined}
            />
          ) : adding === 'kit' ? (
            <KitAddPicker
              onPick={(k) => addItem('kit', { id: k._id, title: k.title, description: k.description })}
            />
          ) : adding === 'component' ? (
            <ComponentAddPicker
              onPick={(c) =>
                addItem(c.kind === 'otherItem' ? 'other' : 'component', {
                  id: c._id,
                  title: c.partNumber,
                  description: c.description,
                })
              }
            />
          ) : (
            <Box>
              <Button variant="outlined" startIcon={<AddIcon />} onClick={addTyped}>
                {t('estimates.lines.addTyped', { type: typeLabel(adding) })}
              </Button>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {t(`estimates.lines.typedHelp.${adding as 'other' | 'labour' | 'freight'}`)}
              </Typography>
            </Box>
          )}
        </Box>
        {adding === 'assembly' ? (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button
              size="small"
              startIcon={<BuildIcon />}
              disabled={!customerId}
              aria-describedby={buildHelpId}
              onClick={() => customerId && onBuildAssembly(customerId)}
            >
              {t('estimates.lines.buildAssembly')}
            </Button>
            <Typography id={buildHelpId} variant="body2" color="text.secondary">
              {customerId
                ? t('estimates.lines.buildAssemblyReturns')
                : t('estimates.lines.buildAssemblyChooseCustomer')}
            </Typography>
          </Box>
        ) : null}
      </Paper>
      {lines.length > 0 && errors.lines ? (
        <Typography color="error" variant="body2" role="alert">
          {errors.lines}
        </Typography>
      ) : null}
    </Box>
  );
}

function LineRow({
  line,
  index,
  title,
  errors,
  currency,
  priced,
  autoFocus,
  onChange,
  onRemove,
}: {
  line: LineDraft;
  index: number;
  title: string;
  errors: FormErrors;
  currency: string;
  priced: EstimateLine | undefined;
  autoFocus: boolean;
  onChange: (patch: Partial<LineDraft>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const n = index + 1;
  const error = (field: string) => errors[`lines.${index}.${field}`];
  const isItem = isItemLine(line);
  const typeLabel = t(`estimates.lineTypes.${line.type}`);
  // Enter in a line's box saves nothing by surprise: it only leaves the box as it is.
  const stayOnEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter') event.preventDefault();
  };
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={t('estimates.lines.lineLabel', { n, title })}
      sx={{
        p: { xs: 1.5, sm: 2 },
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr) minmax(0, 1fr) auto',
          md: 'minmax(0, 2fr) 110px 140px minmax(150px, 1fr) auto',
        },
        alignItems: 'start',
      }}
    >
      <Box sx={{ minWidth: 0, gridColumn: { xs: '1 / 3', md: 'auto' } }}>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {typeLabel}
        </Typography>
        {isItem ? (
          <>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{line.title}</Typography>
            {line.description ? (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {line.description}
              </Typography>
            ) : null}
          </>
        ) : (
          <TextField
            size="small"
            fullWidth
            autoFocus={autoFocus}
            label={t('estimates.lines.description')}
            value={line.description}
            onChange={(e) => onChange({ description: e.target.value })}
            onKeyDown={stayOnEnter}
            error={Boolean(error('description'))}
            helperText={error('description')}
            slotProps={{
              htmlInput: {
                maxLength: 500,
                'aria-label': t('estimates.lines.descriptionOf', { n }),
              },
            }}
          />
        )}
      </Box>
      <IconButton
        aria-label={t('estimates.lines.remove', { title })}
        onClick={onRemove}
        sx={{ gridRow: 1, gridColumn: { xs: 3, md: 5 } }}
      >
        <DeleteOutlineIcon />
      </IconButton>
      <TextField
        size="small"
        autoFocus={autoFocus && isItem}
        label={line.type === 'labour' ? t('estimates.lines.hours') : t('estimates.fields.quantity')}
        value={line.quantity}
        onChange={(e) => onChange({ quantity: e.target.value })}
        onKeyDown={stayOnEnter}
        error={Boolean(error('quantity'))}
        helperText={error('quantity')}
        slotProps={{
          htmlInput: { inputMode: 'decimal', 'aria-label': t('estimates.lines.quantityOf', { title }) },
        }}
      />
      <TextField
        size="small"
        label={t('estimates.lines.price')}
        value={line.price}
        onChange={(e) => onChange({ price: e.target.value })}
        onKeyDown={stayOnEnter}
        placeholder={
          priced?.unitPrice !== null && priced?.unitPrice !== undefined && !line.price
            ? formatMinor(priced.unitPrice, currency)
            : undefined
        }
        error={Boolean(error('unitPriceOverride'))}
        helperText={
          error('unitPriceOverride') ??
          (line.type === 'freight' || (line.type === 'other' && !line.itemId)
            ? t('estimates.lines.priceNeeded')
            : t('estimates.lines.priceHelp'))
        }
        slotProps={{
          input: { endAdornment: <InputAdornment position="end">{currency}</InputAdornment> },
          htmlInput: { inputMode: 'decimal', 'aria-label': t('estimates.lines.priceOf', { title }) },
        }}
      />
      <PricedCell priced={priced} currency={currency} />
    </Paper>
  );
}

/** What the live pricing made of a line: unit price and line total, what priced it, any warning. */
function PricedCell({ priced, currency }: { priced: EstimateLine | undefined; currency: string }) {
  const { t } = useTranslation();
  if (!priced) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
        {t('estimates.lines.notPriced')}
      </Typography>
    );
  }
  return (
    <Box
      sx={{ minWidth: 0, gridColumn: { xs: '1 / -1', md: 'auto' }, textAlign: { md: 'right' } }}
      data-testid="priced"
    >
      <Typography sx={{ fontWeight: 600 }}>
        {t('estimates.lines.pricedAs', {
          unit: formatMinor(priced.unitPrice, currency),
          total: formatMinor(priced.lineTotal, currency),
        })}
      </Typography>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block', overflowWrap: 'anywhere' }}
      >
        {priced.pricedByText}
      </Typography>
      <LineWarning line={priced} />
    </Box>
  );
}

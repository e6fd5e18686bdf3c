/**
 * One item's price and quantity breaks in the draft (`savePriceListItem`): typed as decimals of the list's
 * currency, sent in its minor units, checked with the contract's schema so the messages are the server's.
 */
import { type PriceListItemRow, priceListItemInputSchema } from '@hosewright/domain';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSavePriceListItem } from '@/api/pricelists';
import { useSnackbarStore } from '@/lib/snackbar-store';
import { minorOrText, priceText } from '../lib/prices';
import { ItemPicker, type PickedItem } from './item-picker';

interface BreakDraft {
  quantity: string;
  price: string;
}

type Errors = Record<string, string>;

/** '' -> null; '10' -> 10; text that is not a number stays, for the contract's message. */
function quantityOrText(text: string): number | string | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : trimmed;
}

export function ItemPriceForm({
  listId,
  currency,
  editing,
  onDone,
}: {
  listId: string;
  currency: string;
  /** The draft item being changed; none to pick a new one. */
  editing?: PriceListItemRow | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const showSnackbar = useSnackbarStore((s) => s.show);
  const save = useSavePriceListItem(listId);
  const [item, setItem] = useState<PickedItem | null>(
    editing
      ? {
          itemType: editing.itemType,
          itemId: editing.itemId,
          partNumber: editing.partNumber,
          description: editing.description,
        }
      : null,
  );
  const [price, setPrice] = useState(editing ? priceText(editing.unitPrice, currency) : '');
  const [breaks, setBreaks] = useState<BreakDraft[]>(
    editing?.breaks.map((b) => ({
      quantity: String(b.minQuantity),
      price: priceText(b.unitPrice, currency),
    })) ?? [],
  );
  const [errors, setErrors] = useState<Errors>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!item) {
      setErrors({ itemId: t('priceLists.edit.pickItem') });
      return;
    }
    const parsed = priceListItemInputSchema.safeParse({
      itemType: item.itemType,
      itemId: item.itemId,
      unitPrice: minorOrText(price, currency),
      breaks: breaks.map((b) => ({
        minQuantity: quantityOrText(b.quantity),
        unitPrice: minorOrText(b.price, currency),
      })),
    });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path.map(String).join('.')] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => {
        showSnackbar('success', t('priceLists.edit.itemSaved', { partNumber: item.partNumber }));
        onDone();
      },
    });
  };

  const err = (path: string) => (errors[path] ? { error: true, helperText: errors[path] } : {});
  const setBreak = (index: number, key: keyof BreakDraft, value: string) =>
    setBreaks(breaks.map((b, i) => (i === index ? { ...b, [key]: value } : b)));

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      spacing={2}
      aria-label={
        editing
          ? t('priceLists.edit.changeItem', { partNumber: editing.partNumber })
          : t('priceLists.edit.addItem')
      }
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
    >
      {item ? (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Chip size="small" label={t(`priceLists.detail.itemTypes.${item.itemType}`)} />
          <Typography sx={{ fontWeight: 600 }}>{item.partNumber}</Typography>
          {item.description ? <Typography color="text.secondary">{item.description}</Typography> : null}
          {editing ? null : (
            <IconButton size="small" aria-label={t('priceLists.form.cancel')} onClick={() => setItem(null)}>
              <CloseIcon fontSize="small" />
            </IconButton>
          )}
        </Box>
      ) : (
        <ItemPicker onPick={setItem} error={errors.itemId} />
      )}
      <TextField
        label={t('priceLists.edit.price')}
        value={price}
        onChange={(e) => setPrice(e.target.value)}
        inputMode="decimal"
        sx={{ maxWidth: 220 }}
        helperText={errors.unitPrice ?? t('priceLists.edit.priceHelp', { currency })}
        error={Boolean(errors.unitPrice)}
      />
      <Box>
        <Typography variant="subtitle2" component="h3">
          {t('priceLists.edit.breaks')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('priceLists.edit.breaksHelp')}
        </Typography>
        <Stack spacing={1}>
          {breaks.map((b, index) => (
            <Box
              // biome-ignore lint/suspicious/noArrayIndexKey: breaks have no id; the position is their identity here
              key={index}
              role="group"
              aria-label={t('priceLists.edit.breakNumber', { number: index + 1 })}
              sx={{
                display: 'grid',
                gap: 1,
                gridTemplateColumns: '1fr 1fr auto',
                alignItems: 'start',
                maxWidth: 480,
              }}
            >
              <TextField
                size="small"
                label={t('priceLists.edit.breakQuantity')}
                value={b.quantity}
                inputMode="decimal"
                onChange={(e) => setBreak(index, 'quantity', e.target.value)}
                {...err(`breaks.${index}.minQuantity`)}
              />
              <TextField
                size="small"
                label={t('priceLists.edit.breakPrice')}
                value={b.price}
                inputMode="decimal"
                onChange={(e) => setBreak(index, 'price', e.target.value)}
                {...err(`breaks.${index}.unitPrice`)}
              />
              <IconButton
                aria-label={t('priceLists.edit.removeBreak', { number: index + 1 })}
                onClick={() => setBreaks(breaks.filter((_, i) => i !== index))}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </Box>
          ))}
          {errors.breaks ? (
            <Typography color="error" variant="body2" role="alert">
              {errors.breaks}
            </Typography>
          ) : null}
        </Stack>
        <Button
          startIcon={<AddIcon />}
          sx={{ mt: 1 }}
          onClick={() => setBreaks([...breaks, { quantity: '', price: '' }])}
        >
          {t('priceLists.edit.addBreak')}
        </Button>
      </Box>
      {save.isError ? (
        <Alert severity="error" role="alert">
          {t('priceLists.edit.itemSaveFailed')} {save.error.message}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1}>
        <Button
          type="submit"
          variant="contained"
          disabled={save.isPending}
          startIcon={save.isPending ? <CircularProgress size={16} aria-hidden /> : <SaveIcon />}
        >
          {save.isPending ? t('priceLists.edit.savingItem') : t('priceLists.edit.saveItem')}
        </Button>
        <Button onClick={onDone} disabled={save.isPending}>
          {t('priceLists.form.cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}

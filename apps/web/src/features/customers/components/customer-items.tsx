import {
  CUSTOMER_ITEM_TARGET_TYPES,
  type CustomerItem,
  type CustomerItemTargetType,
  customerItemInputSchema,
  PREMIUM_TIERS,
} from '@hosewright/domain';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { componentItemsQuery } from '@/api/components';
import { customerItemsQuery, useDeleteCustomerItem, useSaveCustomerItem } from '@/api/customers';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { isApiError } from '@/lib/api';
import { formatMoney } from '@/lib/format';
import { useSnackbarStore } from '@/lib/snackbar-store';
import { useViewer } from '@/lib/use-viewer';

const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

/**
 * Our components whose part number, brand or description holds `text`, for choosing what a customer's part
 * number stands for. Empty text asks nothing.
 */
function useFindComponents(text: string) {
  return useQuery({ ...componentItemsQuery({ itemsPerPage: 20, q: text }), enabled: text.trim().length > 0 });
}

/** The customer's own part numbers, edited in a dialog (the items tab of /customer/{id}). */
export function CustomerItems({ customerId, currency }: { customerId: string; currency: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const items = useQuery(customerItemsQuery(customerId));
  const [editing, setEditing] = useState<CustomerItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CustomerItem | null>(null);
  const remove = useDeleteCustomerItem();
  const showSnackbar = useSnackbarStore((s) => s.show);
  const { access } = useViewer();
  const tier = access?.subscription?.tier;
  // /customers/items/import is admin, professional or enterprise (its rule in `ROUTES`).
  const canImport =
    (access?.roles.includes('admin') ?? false) && tier !== undefined && PREMIUM_TIERS.includes(tier);
  const rows = items.data?.items ?? [];
  const price = (value: number | null) =>
    value === null ? t('customers.items.noPrice') : formatMoney(value, currency);

  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 240px' }}>
          <Typography id={headingId} variant="h6" component="h2">
            {t('customers.items.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('customers.items.help')}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            {t('customers.items.add')}
          </Button>
          {canImport ? (
            <Button variant="outlined" startIcon={<UploadFileIcon />} href="/customers/items/import">
              {t('customers.importItems')}
            </Button>
          ) : null}
        </Stack>
      </Box>
      {items.isPending ? (
        <Skeleton width="60%" />
      ) : items.isError ? (
        <Alert severity="error">
          {t('customers.items.loadFailed')} {items.error.message}
        </Alert>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary" role="status">
          {t('customers.items.empty')}
        </Typography>
      ) : (
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" aria-label={t('customers.items.table')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('customers.items.customerPartNumber')}</TableCell>
                <TableCell>{t('customers.items.target')}</TableCell>
                <TableCell sx={WIDE_ONLY}>{t('customers.items.description')}</TableCell>
                <TableCell align="right">{t('customers.items.price')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((item) => (
                <TableRow key={item._id}>
                  <TableCell sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {item.customerPartNumber}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {item.targetPartNumber}
                    <Typography variant="body2" color="text.secondary" component="div">
                      {t(`customers.items.types.${item.targetType}`)}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ ...WIDE_ONLY, overflowWrap: 'anywhere' }}>
                    {item.description || item.targetDescription}
                  </TableCell>
                  <TableCell align="right">{price(item.price)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', px: 0.5 }}>
                    <IconButton
                      aria-label={t('customers.items.edit', { partNumber: item.customerPartNumber })}
                      onClick={() => setEditing(item)}
                    >
                      <EditIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      aria-label={t('customers.items.delete', { partNumber: item.customerPartNumber })}
                      onClick={() => setDeleting(item)}
                    >
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing ? (
        <CustomerItemDialog
          customerId={customerId}
          currency={currency}
          item={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('customers.items.deleteTitle', { partNumber: deleting?.customerPartNumber ?? '' })}
        confirmLabel={t('customers.items.delete', { partNumber: deleting?.customerPartNumber ?? '' })}
        tone="error"
        isBusy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(
            { customerId, itemId: deleting._id },
            {
              onSuccess: () => setDeleting(null),
              onError: (error) => showSnackbar('warning', error.message),
            },
          );
        }}
      >
        {t('customers.items.deleteText')}
      </ConfirmDialog>
    </Stack>
  );
}

interface ItemDraft {
  customerPartNumber: string;
  description: string;
  targetType: CustomerItemTargetType;
  targetPartNumber: string;
  price: string;
}

function CustomerItemDialog({
  customerId,
  currency,
  item,
  onClose,
}: {
  customerId: string;
  /** The customer's currency: the price is in it. */
  currency: string;
  item?: CustomerItem;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const isXs = useMediaQuery(theme.breakpoints.only('xs'), { noSsr: true });
  const titleId = useId();
  const [draft, setDraft] = useState<ItemDraft>({
    customerPartNumber: item?.customerPartNumber ?? '',
    description: item?.description ?? '',
    targetType: item?.targetType ?? 'component',
    targetPartNumber: item?.targetPartNumber ?? '',
    price: item?.price === null || item?.price === undefined ? '' : String(item.price),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveCustomerItem();
  const showSnackbar = useSnackbarStore((s) => s.show);
  const components = useFindComponents(draft.targetType === 'component' ? draft.targetPartNumber : '');
  const suggestions = (components.data?.items ?? []).map((c) => ({
    partNumber: c.partNumber,
    label: `${c.partNumber}${c.brand ? ` (${c.brand})` : ''} ${c.description}`.trim(),
  }));
  const set = <K extends keyof ItemDraft>(key: K, value: ItemDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const field = (name: string) => (errors[name] ? { error: true, helperText: errors[name] } : {});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const priceText = draft.price.trim().replace(',', '.');
    const parsed = customerItemInputSchema.safeParse({
      customerPartNumber: draft.customerPartNumber,
      description: draft.description,
      targetType: draft.targetType,
      targetPartNumber: draft.targetPartNumber,
      price: priceText === '' ? null : Number.isFinite(Number(priceText)) ? Number(priceText) : priceText,
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const path = String(issue.path[0] ?? 'targetPartNumber');
        found[path === 'targetId' ? 'targetPartNumber' : path] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ customerId, itemId: item?._id ?? 'new', input: parsed.data });
      showSnackbar('success', t('customers.items.saved'));
      onClose();
    } catch (error) {
      const at = isApiError(error) ? error.body.details?.field : undefined;
      if (typeof at === 'string' && isApiError(error)) {
        setErrors({ [at === 'targetId' ? 'targetPartNumber' : at]: error.message });
      }
    }
  };

  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      fullScreen={isXs}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>
          {item ? t('customers.items.dialogEdit') : t('customers.items.dialogNew')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('customers.items.customerPartNumber')}
              value={draft.customerPartNumber}
              onChange={(e) => set('customerPartNumber', e.target.value)}
              required
              autoFocus
              {...field('customerPartNumber')}
            />
            <TextField
              select
              label={t('customers.items.targetType')}
              value={draft.targetType}
              onChange={(e) => set('targetType', e.target.value as CustomerItemTargetType)}
            >
              {CUSTOMER_ITEM_TARGET_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`customers.items.types.${type}`)}
                </MenuItem>
              ))}
            </TextField>
            <Autocomplete
              freeSolo
              options={draft.targetType === 'component' ? suggestions : []}
              getOptionLabel={(option) => (typeof option === 'string' ? option : option.partNumber)}
              renderOption={(props, option) => (
                <li {...props} key={option.label}>
                  {option.label}
                </li>
              )}
              filterOptions={(options) => options}
              inputValue={draft.targetPartNumber}
              onInputChange={(_e, value) => set('targetPartNumber', value)}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('customers.items.target')}
                  required
                  helperText={errors.targetPartNumber ?? t('customers.items.targetHelp')}
                  error={Boolean(errors.targetPartNumber)}
                />
              )}
            />
            <TextField
              label={t('customers.items.description')}
              value={draft.description}
              onChange={(e) => set('description', e.target.value)}
              {...field('description')}
            />
            <TextField
              label={t('customers.items.price')}
              value={draft.price}
              inputMode="decimal"
              onChange={(e) => set('price', e.target.value)}
              slotProps={{
                input: { endAdornment: <InputAdornment position="end">{currency}</InputAdornment> },
              }}
              sx={{ maxWidth: 200 }}
              {...field('price')}
            />
            {save.isError &&
            !(isApiError(save.error) && typeof save.error.body.details?.field === 'string') ? (
              <Alert severity="error">
                {t('customers.items.saveFailed')} {save.error.message}
              </Alert>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('customers.items.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

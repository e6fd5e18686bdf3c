/**
 * A price list's name, currency (a new list only: it is fixed once a version is published), description and
 * customers, checked with the contract's schema so the messages are the server's.
 */
import { type PriceListDetail, priceListInputSchema, priceListUpdateSchema } from '@hosewright/domain';
import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currenciesQuery } from '@/api/currencies';
import { useCreatePriceList, useUpdatePriceList } from '@/api/pricelists';
import { isApiError } from '@/lib/api';
import { CustomersField, type ListCustomer } from './customers-field';

type Errors = Record<string, string>;

function errorsOf(issues: readonly { path: PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

export function DetailsForm({
  list,
  onSaved,
  onCancel,
}: {
  /** The list being edited; none for a new one. */
  list?: PriceListDetail;
  onSaved: (saved: PriceListDetail) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(list?.name ?? '');
  const [currency, setCurrency] = useState(list?.currency ?? '');
  const [description, setDescription] = useState(list?.description ?? '');
  const [customers, setCustomers] = useState<ListCustomer[]>(list?.customers ?? []);
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreatePriceList();
  const update = useUpdatePriceList(list?._id ?? '');
  const save = list ? update : create;
  const currencies = useQuery(currenciesQuery());
  const baseCurrency = currencies.data?.baseCurrency;
  const chosen = currency || baseCurrency || '';
  const currencyOptions = [
    ...new Set(
      [baseCurrency, ...(currencies.data?.currencies.map((c) => c.code) ?? [])].filter(
        (code): code is string => Boolean(code),
      ),
    ),
  ];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const raw = {
      name,
      description,
      customerIds: customers.map((c) => c._id),
      ...(list || !chosen ? {} : { currency: chosen }),
    };
    const parsed = list ? priceListUpdateSchema.safeParse(raw) : priceListInputSchema.safeParse(raw);
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      onSaved(
        list
          ? await update.mutateAsync(parsed.data)
          : await create.mutateAsync(priceListInputSchema.parse(raw)),
      );
    } catch (error) {
      const field = isApiError(error, 'CONFLICT') ? error.body.details?.field : undefined;
      if (typeof field === 'string' && isApiError(error)) setErrors({ [field]: error.message });
      else if (isApiError(error, 'BAD_REQUEST') && Array.isArray(error.body.details?.issues)) {
        setErrors(errorsOf(error.body.details.issues as { path: PropertyKey[]; message: string }[]));
      }
    }
  };

  const field = (path: string) => (errors[path] ? { error: true, helperText: errors[path] } : {});
  const errorCount = Object.keys(errors).length;

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      spacing={2}
      aria-label={list ? t('priceLists.form.editTitle', { name: list.name }) : t('priceLists.form.newTitle')}
    >
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: list ? 'minmax(0, 1fr)' : '2fr 1fr' },
        }}
      >
        <TextField
          label={t('priceLists.fields.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          autoFocus={!list}
          {...field('name')}
        />
        {list ? null : (
          <TextField
            select
            label={t('priceLists.fields.currency')}
            value={currencyOptions.includes(chosen) ? chosen : ''}
            onChange={(e) => setCurrency(e.target.value)}
            helperText={errors.currency ?? t('priceLists.fields.currencyHelp')}
            error={Boolean(errors.currency)}
          >
            {currencyOptions.map((code) => (
              <MenuItem key={code} value={code}>
                {code === baseCurrency ? t('priceLists.fields.currencyBase', { code }) : code}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Box>
      <TextField
        label={t('priceLists.fields.description')}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        multiline
        minRows={2}
        {...field('description')}
      />
      <CustomersField value={customers} onChange={setCustomers} error={errors.customerIds} />
      {errorCount > 0 ? (
        <Alert severity="error" role="alert">
          {t('priceLists.form.fixErrors', { count: errorCount })}
        </Alert>
      ) : save.isError && !isApiError(save.error, 'CONFLICT') && !isApiError(save.error, 'BAD_REQUEST') ? (
        <Alert severity="error" role="alert">
          {t('priceLists.form.saveFailed')} {save.error.message}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          type="submit"
          variant="contained"
          disabled={save.isPending}
          startIcon={save.isPending ? <CircularProgress size={16} aria-hidden /> : <SaveIcon />}
        >
          {list
            ? save.isPending
              ? t('priceLists.form.saving')
              : t('priceLists.form.save')
            : save.isPending
              ? t('priceLists.form.creating')
              : t('priceLists.form.create')}
        </Button>
        <Button onClick={onCancel} disabled={save.isPending}>
          {t('priceLists.form.cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}

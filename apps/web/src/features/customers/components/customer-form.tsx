import {
  type Address,
  type Customer,
  convertFromBase,
  DEFAULT_MARGIN_PCT,
  roundMoney,
  sellPrice,
} from '@hosewright/domain';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currenciesQuery, priceCurrencyOf, pricingDefaultsQuery } from '@/api/currencies';
import { useSaveCustomer } from '@/api/customers';
import { FormSection } from '@/components/form-section';
import { isApiError } from '@/lib/api';
import { formatMoney } from '@/lib/format';
import {
  type CustomerDraft,
  draftOf,
  EMPTY_CONTACT,
  type FormErrors,
  type GroupTermsDraft,
  MAX_TAXES,
  type TaxDraft,
  validateDraft,
} from '../lib/form';

const TWO_COLUMNS = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
} as const;

export interface CustomerFormProps {
  /** The customer being edited; none for a new one. */
  customer?: Customer;
  onSaved: (saved: Customer) => void;
  onCancel: () => void;
}

/** The customer form (/customers/new and /customer/{id}/edit): sections, the contract's own messages. */
export function CustomerForm({ customer, onSaved, onCancel }: CustomerFormProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<CustomerDraft>(() => draftOf(customer));
  const [errors, setErrors] = useState<FormErrors>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const save = useSaveCustomer();
  const currencies = useQuery(currenciesQuery());
  const defaults = useQuery(pricingDefaultsQuery());
  const defaultMarginPct = defaults.data?.defaultMarginPct ?? DEFAULT_MARGIN_PCT;
  const baseCurrency = currencies.data?.baseCurrency ?? defaults.data?.currency;
  // The customer's currency: the one chosen, else the base currency (what the server gives a new one).
  const currency = draft.currency || baseCurrency || '';
  const pricing = priceCurrencyOf(currencies.data, currency);
  const currencyOptions = [
    ...new Set(
      [baseCurrency, ...(currencies.data?.currencies.map((c) => c.code) ?? []), draft.currency].filter(
        (code): code is string => Boolean(code),
      ),
    ),
  ];

  const set = <K extends keyof CustomerDraft>(key: K, value: CustomerDraft[K]) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    // Once a save was tried, messages follow the typing.
    if (isSubmitted) setErrors(validateDraft(next).errors);
  };

  const field = (path: string) =>
    errors[path]
      ? { error: true, helperText: errors[path] }
      : ({} as { error?: boolean; helperText?: string });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    const { input, errors: found } = validateDraft(draft);
    setErrors(found);
    if (!input) return;
    try {
      onSaved(await save.mutateAsync({ id: customer?._id ?? 'new', input }));
    } catch (error) {
      const conflictField = isApiError(error, 'CONFLICT') ? error.body.details?.field : undefined;
      if (typeof conflictField === 'string' && isApiError(error)) {
        setErrors({ [conflictField]: error.message });
      } else if (isApiError(error, 'BAD_REQUEST') && Array.isArray(error.body.details?.issues)) {
        // The server's refusals on their field (a currency the organisation does not have).
        const onFields: FormErrors = {};
        for (const issue of error.body.details.issues as { path?: unknown[]; message?: unknown }[]) {
          const path = Array.isArray(issue.path) ? issue.path.join('.') : '';
          if (path && typeof issue.message === 'string') onFields[path] ??= issue.message;
        }
        setErrors(onFields);
      }
    }
  };

  const errorCount = Object.keys(errors).length;
  const limitError = isApiError(save.error, 'LIMIT_REACHED') ? save.error : null;

  const address = (which: 'billingAddress' | 'shippingAddress') => {
    const value = draft[which];
    const setPart = (part: keyof Address, text: string) => set(which, { ...value, [part]: text });
    return (
      <Box sx={TWO_COLUMNS}>
        {(['line1', 'line2', 'city', 'region', 'postalCode', 'country'] as const).map((part) => (
          <TextField
            key={part}
            label={t(`customers.fields.${part}`)}
            value={value[part]}
            onChange={(e) => setPart(part, e.target.value)}
            autoComplete="off"
            {...field(`${which}.${part}`)}
          />
        ))}
      </Box>
    );
  };

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      spacing={2}
      aria-label={
        customer ? t('customers.form.editTitle', { name: customer.name }) : t('customers.form.newTitle')
      }
    >
      <FormSection title={t('customers.form.sections.company')}>
        <TextField
          label={t('customers.fields.name')}
          value={draft.name}
          onChange={(e) => set('name', e.target.value)}
          required
          autoFocus={!customer}
          {...field('name')}
        />
        <Box sx={TWO_COLUMNS}>
          <TextField
            label={t('customers.fields.accountNumber')}
            value={draft.accountNumber}
            onChange={(e) => set('accountNumber', e.target.value)}
            {...field('accountNumber')}
          />
          <TextField
            label={t('customers.fields.domain')}
            value={draft.domain}
            onChange={(e) => set('domain', e.target.value)}
            helperText={errors.domain ?? t('customers.fields.domainHelp')}
            error={Boolean(errors.domain)}
            inputMode="url"
          />
        </Box>
        <FormControlLabel
          control={<Switch checked={draft.active} onChange={(e) => set('active', e.target.checked)} />}
          label={t('customers.fields.active')}
        />
        {!draft.active ? (
          <Typography variant="body2" color="text.secondary">
            {t('customers.fields.activeHelp')}
          </Typography>
        ) : null}
      </FormSection>

      <FormSection title={t('customers.form.sections.contacts')}>
        {draft.contacts.length === 0 ? (
          <Typography color="text.secondary">{t('customers.form.noContacts')}</Typography>
        ) : null}
        {draft.contacts.map((contact, index) => {
          const update = (key: keyof typeof contact, value: string) =>
            set(
              'contacts',
              draft.contacts.map((c, i) => (i === index ? { ...c, [key]: value } : c)),
            );
          const number = index + 1;
          return (
            <Box
              // biome-ignore lint/suspicious/noArrayIndexKey: contacts have no id; the position is their identity here
              key={index}
              role="group"
              aria-label={t('customers.form.contactNumber', { number })}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
            >
              <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
                <Typography sx={{ flex: 1, fontWeight: 600 }}>
                  {t('customers.form.contactNumber', { number })}
                </Typography>
                <IconButton
                  aria-label={t('customers.form.removeContact', { number })}
                  onClick={() =>
                    set(
                      'contacts',
                      draft.contacts.filter((_, i) => i !== index),
                    )
                  }
                >
                  <DeleteOutlineIcon />
                </IconButton>
              </Stack>
              <Box sx={TWO_COLUMNS}>
                <TextField
                  label={t('customers.fields.contactName')}
                  value={contact.name}
                  onChange={(e) => update('name', e.target.value)}
                  required
                  {...field(`contacts.${index}.name`)}
                />
                <TextField
                  label={t('customers.fields.contactRole')}
                  value={contact.role}
                  onChange={(e) => update('role', e.target.value)}
                  {...field(`contacts.${index}.role`)}
                />
                <TextField
                  label={t('customers.fields.contactEmail')}
                  value={contact.email}
                  type="email"
                  onChange={(e) => update('email', e.target.value)}
                  {...field(`contacts.${index}.email`)}
                />
                <TextField
                  label={t('customers.fields.contactPhone')}
                  value={contact.phone}
                  type="tel"
                  onChange={(e) => update('phone', e.target.value)}
                  {...field(`contacts.${index}.phone`)}
                />
              </Box>
            </Box>
          );
        })}
        <Box>
          <Button
            startIcon={<AddIcon />}
            onClick={() => set('contacts', [...draft.contacts, { ...EMPTY_CONTACT }])}
          >
            {t('customers.form.addContact')}
          </Button>
        </Box>
      </FormSection>

      <FormSection title={t('customers.form.sections.addresses')}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('customers.form.sections.billing')}
        </Typography>
        {address('billingAddress')}
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('customers.form.sections.shipping')}
        </Typography>
        <FormControlLabel
          control={
            <Checkbox
              checked={draft.shippingSameAsBilling}
              onChange={(e) => set('shippingSameAsBilling', e.target.checked)}
            />
          }
          label={t('customers.form.shippingSame')}
        />
        {draft.shippingSameAsBilling ? null : address('shippingAddress')}
      </FormSection>

      <FormSection title={t('customers.form.sections.terms')}>
        <Box sx={TWO_COLUMNS}>
          <TextField
            label={t('customers.fields.marginPct')}
            value={draft.marginPct}
            onChange={(e) => set('marginPct', e.target.value)}
            inputMode="decimal"
            placeholder={String(defaultMarginPct)}
            helperText={
              errors.marginPct ?? t('customers.fields.marginHelp', { defaultPct: defaultMarginPct })
            }
            error={Boolean(errors.marginPct)}
            slotProps={{ input: { endAdornment: '%' } }}
          />
          <TextField
            label={t('customers.fields.discountPct')}
            value={draft.discountPct}
            onChange={(e) => set('discountPct', e.target.value)}
            inputMode="decimal"
            placeholder="0"
            helperText={errors.discountPct ?? t('customers.fields.discountHelp')}
            error={Boolean(errors.discountPct)}
            slotProps={{ input: { endAdornment: '%' } }}
          />
        </Box>
        <GroupTerms
          groups={draft.productGroupTerms}
          errors={errors}
          onChange={(groups) => set('productGroupTerms', groups)}
        />
        <PricePreview
          draft={draft}
          costCurrency={pricing?.costCurrency ?? currency}
          currency={pricing?.currency ?? currency}
          rate={pricing?.rate ?? 1}
          defaultMarginPct={defaultMarginPct}
        />
      </FormSection>

      <FormSection title={t('customers.form.sections.tax')}>
        <Box sx={TWO_COLUMNS}>
          <TextField
            select
            label={t('customers.fields.currency')}
            value={currencyOptions.includes(currency) ? currency : ''}
            onChange={(e) => set('currency', e.target.value)}
            helperText={
              errors.currency ??
              (pricing && pricing.currency !== pricing.costCurrency
                ? t('customers.fields.currencyRate', {
                    base: pricing.costCurrency,
                    rate: pricing.rate,
                    code: pricing.currency,
                  })
                : t('customers.fields.currencyHelp'))
            }
            error={Boolean(errors.currency)}
          >
            {currencyOptions.map((code) => (
              <MenuItem key={code} value={code}>
                {code === baseCurrency ? t('customers.fields.currencyBase', { code }) : code}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('customers.fields.taxNumber')}
            value={draft.taxNumber}
            onChange={(e) => set('taxNumber', e.target.value)}
            {...field('taxNumber')}
          />
        </Box>
        <FormControlLabel
          control={<Switch checked={draft.taxExempt} onChange={(e) => set('taxExempt', e.target.checked)} />}
          label={t('customers.fields.taxExempt')}
        />
        <Taxes
          taxes={draft.taxes}
          isExempt={draft.taxExempt}
          errors={errors}
          onChange={(taxes) => set('taxes', taxes)}
        />
      </FormSection>

      <FormSection title={t('customers.form.sections.other')}>
        <TextField
          label={t('customers.fields.notes')}
          value={draft.notes}
          onChange={(e) => set('notes', e.target.value)}
          multiline
          minRows={3}
          {...field('notes')}
        />
        <TextField
          label={t('customers.fields.erpId')}
          value={draft.erpId}
          onChange={(e) => set('erpId', e.target.value)}
          sx={{ maxWidth: 360 }}
          {...field('erpId')}
        />
      </FormSection>

      {errorCount > 0 ? (
        <Alert severity="error" role="alert">
          {t('customers.form.fixErrors', { count: errorCount })}
        </Alert>
      ) : null}
      {limitError ? (
        <Alert severity="warning" role="alert">
          {limitError.message} <Link href="/upgradesubscription">{t('customers.form.limitReached')}</Link>
        </Alert>
      ) : save.isError && !isApiError(save.error, 'CONFLICT') ? (
        <Alert severity="error" role="alert">
          {t('customers.form.saveFailed')} {save.error.message}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          type="submit"
          variant="contained"
          disabled={save.isPending}
          startIcon={save.isPending ? <CircularProgress size={16} aria-hidden /> : <SaveIcon />}
        >
          {save.isPending ? t('customers.form.saving') : t('customers.form.save')}
        </Button>
        <Button onClick={onCancel} disabled={save.isPending}>
          {t('customers.form.cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}

function GroupTerms({
  groups,
  errors,
  onChange,
}: {
  groups: GroupTermsDraft[];
  errors: FormErrors;
  onChange: (groups: GroupTermsDraft[]) => void;
}) {
  const { t } = useTranslation();
  const update = (index: number, key: keyof GroupTermsDraft, value: string) =>
    onChange(groups.map((g, i) => (i === index ? { ...g, [key]: value } : g)));
  const err = (path: string) => (errors[path] ? { error: true, helperText: errors[path] } : {});
  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('customers.form.groupTerms')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('customers.form.groupTermsHelp')}
      </Typography>
      <Stack spacing={1.5}>
        {groups.map((group, index) => (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; position is identity
            key={index}
            sx={{
              display: 'grid',
              gap: 1,
              alignItems: 'start',
              gridTemplateColumns: { xs: '1fr 1fr auto', sm: '2fr 1fr 1fr auto' },
            }}
          >
            <TextField
              size="small"
              label={t('customers.fields.productGroup')}
              value={group.productGroup}
              onChange={(e) => update(index, 'productGroup', e.target.value)}
              sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
              {...err(`productGroupTerms.${index}.productGroup`)}
            />
            <TextField
              size="small"
              label={t('customers.fields.marginPct')}
              value={group.marginPct}
              inputMode="decimal"
              onChange={(e) => update(index, 'marginPct', e.target.value)}
              {...err(`productGroupTerms.${index}.marginPct`)}
            />
            <TextField
              size="small"
              label={t('customers.fields.discountPct')}
              value={group.discountPct}
              inputMode="decimal"
              onChange={(e) => update(index, 'discountPct', e.target.value)}
              {...err(`productGroupTerms.${index}.discountPct`)}
            />
            <IconButton
              aria-label={t('customers.form.removeGroupTerms', { group: group.productGroup || index + 1 })}
              onClick={() => onChange(groups.filter((_, i) => i !== index))}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Box>
        ))}
        {errors.productGroupTerms ? (
          <Typography color="error" variant="body2" role="alert">
            {errors.productGroupTerms}
          </Typography>
        ) : null}
      </Stack>
      <Button
        startIcon={<AddIcon />}
        sx={{ mt: 1 }}
        onClick={() => onChange([...groups, { productGroup: '', marginPct: '', discountPct: '' }])}
      >
        {t('customers.form.addGroupTerms')}
      </Button>
    </Box>
  );
}

/** The taxes the customer pays on estimates, each once (GST 5, QST 9.975); none apply while tax exempt. */
function Taxes({
  taxes,
  isExempt,
  errors,
  onChange,
}: {
  taxes: TaxDraft[];
  isExempt: boolean;
  errors: FormErrors;
  onChange: (taxes: TaxDraft[]) => void;
}) {
  const { t } = useTranslation();
  const update = (index: number, key: keyof TaxDraft, value: string) =>
    onChange(taxes.map((tax, i) => (i === index ? { ...tax, [key]: value } : tax)));
  const err = (path: string) => (errors[path] ? { error: true, helperText: errors[path] } : {});
  return (
    <Box role="group" aria-label={t('customers.form.taxes')}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('customers.form.taxes')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {isExempt ? t('customers.form.taxesExempt') : t('customers.form.taxesHelp')}
      </Typography>
      <Stack spacing={1.5}>
        {taxes.map((tax, index) => (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: taxes have no id; the position is their identity here
            key={index}
            role="group"
            aria-label={t('customers.form.taxRow', { number: index + 1 })}
            sx={{
              display: 'grid',
              gap: 1,
              alignItems: 'start',
              gridTemplateColumns: { xs: '2fr 1fr auto', sm: '2fr 1fr auto' },
              maxWidth: 520,
            }}
          >
            <TextField
              size="small"
              label={t('customers.fields.taxName')}
              value={tax.name}
              placeholder="GST"
              onChange={(e) => update(index, 'name', e.target.value)}
              {...err(`taxes.${index}.name`)}
            />
            <TextField
              size="small"
              label={t('customers.fields.taxRate')}
              value={tax.ratePct}
              placeholder="5"
              inputMode="decimal"
              onChange={(e) => update(index, 'ratePct', e.target.value)}
              slotProps={{ input: { endAdornment: '%' } }}
              {...err(`taxes.${index}.ratePct`)}
            />
            <IconButton
              aria-label={t('customers.form.removeTax', { name: tax.name || index + 1 })}
              onClick={() => onChange(taxes.filter((_, i) => i !== index))}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Box>
        ))}
        {errors.taxes ? (
          <Typography color="error" variant="body2" role="alert">
            {errors.taxes}
          </Typography>
        ) : null}
      </Stack>
      {taxes.length < MAX_TAXES ? (
        <Button
          startIcon={<AddIcon />}
          sx={{ mt: 1 }}
          onClick={() => onChange([...taxes, { name: '', ratePct: '' }])}
        >
          {t('customers.form.addTax')}
        </Button>
      ) : null}
    </Box>
  );
}

const pctOf = (text: string): number | null => {
  const n = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(n) && n >= 0 && n < 100 ? n : null;
};

/**
 * What a part costing the example amount (in the base currency) sells at under the terms as typed, in the
 * customer's currency: the base price × the rate (`convertFromBase`).
 */
function PricePreview({
  draft,
  costCurrency,
  currency,
  rate,
  defaultMarginPct,
}: {
  draft: CustomerDraft;
  costCurrency: string;
  currency: string;
  rate: number;
  defaultMarginPct: number;
}) {
  const { t } = useTranslation();
  const [costText, setCostText] = useState('70');
  const cost = Number(costText.replace(',', '.'));
  const isCostValid = costText.trim() !== '' && Number.isFinite(cost) && cost >= 0;
  const terms = {
    marginPct: pctOf(draft.marginPct),
    discountPct: pctOf(draft.discountPct),
    productGroupTerms: draft.productGroupTerms
      .filter((g) => g.productGroup.trim())
      .map((g) => ({
        productGroup: g.productGroup.trim(),
        marginPct: pctOf(g.marginPct),
        discountPct: pctOf(g.discountPct),
      })),
  };
  const cents = (value: number, code: string) => formatMoney(roundMoney(value), code || undefined);
  const money = (value: number) => cents(value, costCurrency);
  const price = (group?: string) =>
    cents(convertFromBase(sellPrice(cost, terms, group ?? null, defaultMarginPct), rate), currency);
  return (
    <Box sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 2 }} aria-live="polite">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('customers.form.previewTitle')}
      </Typography>
      <TextField
        size="small"
        label={t('customers.form.previewCost')}
        value={costText}
        onChange={(e) => setCostText(e.target.value)}
        inputMode="decimal"
        sx={{ maxWidth: 160, mb: 1 }}
      />
      {isCostValid ? (
        <Stack spacing={0.5}>
          <Typography data-testid="price-preview">
            {t('customers.form.previewText', { cost: money(cost), price: price() })}
          </Typography>
          {terms.productGroupTerms.map((g) => (
            <Typography key={g.productGroup} variant="body2" color="text.secondary">
              {t('customers.form.previewGroup', {
                group: g.productGroup,
                cost: money(cost),
                price: price(g.productGroup),
              })}
            </Typography>
          ))}
        </Stack>
      ) : null}
    </Box>
  );
}

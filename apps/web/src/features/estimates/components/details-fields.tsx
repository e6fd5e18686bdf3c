/** The fields of an estimate (new and edit): customer, contact, date, valid until, description, notes. */
import type { Customer, EstimateContact } from '@hosewright/domain';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { CustomerPicker } from '@/components/customer-picker';
import { useOrganizationSetting } from '@/lib/organization-settings';
import { addDays, formatDay } from '../lib/estimate';
import type { DetailsDraft, FormErrors } from '../lib/form';

const TWO_COLUMNS = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
} as const;

const NO_CONTACT = '-1';
const contactKey = (c: EstimateContact) => `${c.name}\u0000${c.email}`;

export function DetailsFields({
  details,
  errors,
  onChange,
  customer,
}: {
  details: DetailsDraft;
  errors: FormErrors;
  onChange: (details: DetailsDraft) => void;
  /** The chosen customer as read (its contacts); undefined while it is read. */
  customer: Customer | undefined;
}) {
  const { t } = useTranslation();
  const defaults = useOrganizationSetting('defaults');
  const set = <K extends keyof DetailsDraft>(key: K, value: DetailsDraft[K]) =>
    onChange({ ...details, [key]: value });
  const field = (path: string) => (errors[path] ? { error: true, helperText: errors[path] } : {});

  const contacts: EstimateContact[] = (customer?.contacts ?? []).map((c) => ({
    name: c.name,
    email: c.email,
    phone: c.phone,
  }));
  if (
    details.contact &&
    !contacts.some((c) => contactKey(c) === contactKey(details.contact as EstimateContact))
  ) {
    contacts.unshift(details.contact);
  }
  const chosen = details.contact
    ? String(contacts.findIndex((c) => contactKey(c) === contactKey(details.contact as EstimateContact)))
    : NO_CONTACT;
  const days = defaults?.estimateValidityDays;
  const validHelp =
    days && details.estimateDate
      ? t('estimates.form.validUntilDefault', {
          count: days,
          date: formatDay(addDays(details.estimateDate, days)),
        })
      : t('estimates.form.validUntilHelp');

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={TWO_COLUMNS}>
        <CustomerPicker
          value={details.customer}
          onChange={(picked) => onChange({ ...details, customer: picked, contact: null })}
          label={t('estimates.fields.customer')}
          helperText={t('estimates.form.customerHelp')}
          error={errors.customerId}
          noOptionsText={t('estimates.form.noCustomers')}
        />
        <TextField
          select
          label={t('estimates.fields.contact')}
          value={chosen}
          onChange={(e) =>
            set('contact', e.target.value === NO_CONTACT ? null : (contacts[Number(e.target.value)] ?? null))
          }
          disabled={!details.customer}
          helperText={
            errors['contact.email'] ??
            errors['contact.name'] ??
            (details.customer && customer && contacts.length === 0
              ? t('estimates.form.noContacts')
              : t('estimates.form.contactHelp'))
          }
          error={Boolean(errors['contact.email'] ?? errors['contact.name'])}
        >
          <MenuItem value={NO_CONTACT}>{t('estimates.form.noContact')}</MenuItem>
          {contacts.map((c, index) => (
            <MenuItem key={contactKey(c)} value={String(index)}>
              {[c.name, c.email].filter(Boolean).join(' · ')}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          type="date"
          label={t('estimates.fields.estimateDate')}
          value={details.estimateDate}
          onChange={(e) => set('estimateDate', e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          helperText={errors.estimateDate ?? t('estimates.form.dateHelp')}
          error={Boolean(errors.estimateDate)}
        />
        <TextField
          type="date"
          label={t('estimates.fields.validUntil')}
          value={details.validUntil}
          onChange={(e) => set('validUntil', e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          helperText={errors.validUntil ?? validHelp}
          error={Boolean(errors.validUntil)}
        />
      </Box>
      <TextField
        label={t('estimates.fields.description')}
        value={details.description}
        onChange={(e) => set('description', e.target.value)}
        slotProps={{ htmlInput: { maxLength: 200 } }}
        helperText={errors.description ?? t('estimates.form.descriptionHelp')}
        error={Boolean(errors.description)}
      />
      <TextField
        label={t('estimates.fields.notes')}
        value={details.notes}
        onChange={(e) => set('notes', e.target.value)}
        multiline
        minRows={2}
        {...field('notes')}
      />
    </Box>
  );
}

/** The fields every work order has (new and edit): customer, warehouse, due date, priority, description, notes. */
import { WORK_ORDER_PRIORITIES, type WorkOrderPriority } from '@hosewright/domain';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerPicker } from '@/components/customer-picker';
import { WarehousePicker, type WarehousePlace } from '@/components/warehouse-picker';
import type { DetailsDraft, FormErrors } from '../lib/form';

const TWO_COLUMNS = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
} as const;

export function DetailsFields({
  details,
  errors,
  onChange,
  customerHelp,
  warehouseLocked = false,
}: {
  details: DetailsDraft;
  errors: FormErrors;
  onChange: (details: DetailsDraft) => void;
  /** What an empty customer means here. */
  customerHelp: string;
  /** Released: the stock is reserved in this warehouse, so it stays. */
  warehouseLocked?: boolean;
}) {
  const { t } = useTranslation();
  const set = <K extends keyof DetailsDraft>(key: K, value: DetailsDraft[K]) =>
    onChange({ ...details, [key]: value });
  const field = (path: keyof DetailsDraft) => (errors[path] ? { error: true, helperText: errors[path] } : {});
  const place = useMemo<WarehousePlace>(
    () => ({ warehouseId: details.warehouseId, locationId: null }),
    [details.warehouseId],
  );
  // The picker chooses the default warehouse on its own; it must not see a new callback every render.
  const onPlace = useCallback(
    (next: WarehousePlace) => onChange({ ...details, warehouseId: next.warehouseId }),
    [details, onChange],
  );

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={TWO_COLUMNS}>
        <CustomerPicker
          value={details.customer}
          onChange={(customer) => set('customer', customer)}
          label={t('workOrders.fields.customer')}
          helperText={customerHelp}
          error={errors.customerId}
          noOptionsText={t('workOrders.form.noCustomers')}
        />
        <Box>
          <WarehousePicker
            value={place}
            onChange={onPlace}
            label={t('workOrders.fields.warehouse')}
            error={errors.warehouseId}
            disabled={warehouseLocked}
          />
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mx: 1.75, mt: 0.5 }}>
            {warehouseLocked ? t('workOrders.form.warehouseLocked') : t('workOrders.form.warehouseHelp')}
          </Typography>
        </Box>
        <TextField
          type="date"
          label={t('workOrders.fields.dueDate')}
          value={details.dueDate}
          onChange={(e) => set('dueDate', e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          {...field('dueDate')}
        />
        <TextField
          select
          label={t('workOrders.fields.priority')}
          value={details.priority}
          onChange={(e) => set('priority', e.target.value as WorkOrderPriority)}
          {...field('priority')}
        >
          {WORK_ORDER_PRIORITIES.map((p) => (
            <MenuItem key={p} value={p}>
              {t(`workOrders.priority.${p}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <TextField
        label={t('workOrders.fields.description')}
        value={details.description}
        onChange={(e) => set('description', e.target.value)}
        slotProps={{ htmlInput: { maxLength: 200 } }}
        helperText={errors.description ?? t('workOrders.form.descriptionHelp')}
        error={Boolean(errors.description)}
      />
      <TextField
        label={t('workOrders.fields.notes')}
        value={details.notes}
        onChange={(e) => set('notes', e.target.value)}
        multiline
        minRows={3}
        {...field('notes')}
      />
    </Box>
  );
}

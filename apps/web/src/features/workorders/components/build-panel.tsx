/**
 * The bench: each unit of a released work order built step by step, on a phone at the bench as well as at a
 * desk. The list of units comes first; choosing one opens its steps (`?unit=3` in the address, so the
 * phone's back button returns to the list). Once every unit is ready the work order can be completed here.
 */
import type { WorkOrder, WorkOrderUnit } from '@hosewright/domain';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCompleteWorkOrder } from '@/api/workorders';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Section } from '@/components/section';
import { isApiError } from '@/lib/api';
import { snackbar } from '@/lib/snackbar-store';
import { isOnTheFloor } from '../lib/work-order';
import { UnitBench } from './unit-bench';
import { UnitList } from './unit-list';

const UNIT_PARAM = 'unit';

export function BuildPanel({ workOrder }: { workOrder: WorkOrder }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const opened = workOrder.units.find((u) => String(u.index) === params.get(UNIT_PARAM)) ?? null;
  const isCompleted = workOrder.status === 'completed';
  const allReady = workOrder.units.length > 0 && workOrder.units.every((u) => u.ready);

  const open = (unit: WorkOrderUnit | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (unit) next.set(UNIT_PARAM, String(unit.index));
        else next.delete(UNIT_PARAM);
        return next;
      },
      { preventScrollReset: true },
    );

  return (
    <Section title={t('bench.title')}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {opened ? (
          <UnitBench key={opened._id} workOrder={workOrder} unit={opened} onOpen={open} />
        ) : (
          <>
            <Typography variant="body2" color="text.secondary">
              {isCompleted ? t('bench.introCompleted') : t('bench.intro')}
            </Typography>
            <UnitList workOrder={workOrder} onOpen={open} />
          </>
        )}
        {allReady && isOnTheFloor(workOrder.status) ? <CompleteWhenReady workOrder={workOrder} /> : null}
      </Box>
    </Section>
  );
}

/** At the end of the bench, where the last unit was finished: complete the work order without scrolling up. */
function CompleteWhenReady({ workOrder }: { workOrder: WorkOrder }) {
  const { t } = useTranslation();
  const complete = useCompleteWorkOrder();
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const count = workOrder.units.length;

  // Awaited rather than `mutate` callbacks: completing unmounts this banner before they would run.
  const confirm = async () => {
    try {
      const saved = await complete.mutateAsync(workOrder._id);
      setConfirming(false);
      snackbar.success(t('bench.completed', { number: saved.number }));
    } catch (error) {
      setConfirming(false);
      // A refusal (stock taken since release, a unit not ready) says what is wrong as it stands.
      setRefusal(
        isApiError(error, 'CONFLICT')
          ? error.message
          : t('bench.completeFailed', { message: (error as Error).message }),
      );
    }
  };
  return (
    <>
      <Alert
        severity="success"
        action={
          <Button
            color="inherit"
            variant="outlined"
            startIcon={<DoneAllIcon />}
            onClick={() => {
              setRefusal(null);
              setConfirming(true);
            }}
            sx={{ minHeight: 44, whiteSpace: 'nowrap' }}
          >
            {t('bench.complete')}
          </Button>
        }
        sx={{ flexWrap: { xs: 'wrap', sm: 'nowrap' }, '& .MuiAlert-action': { ml: { xs: 0, sm: 'auto' } } }}
      >
        {t('bench.allReady', { count })}
      </Alert>
      {refusal ? (
        <Alert severity="warning" role="alert" onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t('bench.completeTitle', { number: workOrder.number })}
        confirmLabel={t('bench.complete')}
        isBusy={complete.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirm()}
      >
        {t('bench.completeText', { count })}
      </ConfirmDialog>
    </>
  );
}

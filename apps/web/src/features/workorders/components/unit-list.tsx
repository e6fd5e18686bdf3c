/** The units of a work order as the bench lists them: each one's serial, how far it is and its test. */
import type { WorkOrder, WorkOrderUnit } from '@hosewright/domain';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { nextStep, stepsDone } from './bench-measures';

export function UnitList({
  workOrder,
  onOpen,
}: {
  workOrder: WorkOrder;
  onOpen: (unit: WorkOrderUnit) => void;
}) {
  const { t } = useTranslation();
  return (
    <List disablePadding aria-label={t('bench.unitsLabel', { number: workOrder.number })}>
      {workOrder.units.map((unit) => (
        <ListItem key={unit._id} disablePadding divider>
          <ListItemButton
            onClick={() => onOpen(unit)}
            sx={{ minHeight: 64, py: 1.25, px: { xs: 1, sm: 2 }, gap: 1, alignItems: 'center' }}
          >
            <UnitSummary unit={unit} />
            <ChevronRightIcon aria-hidden sx={{ color: 'text.secondary', flexShrink: 0 }} />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

/** Unit 1 · serial, "5 of 8 steps · Next: Crimp" with a bar, then its ready and test chips. */
function UnitSummary({ unit }: { unit: WorkOrderUnit }) {
  const { t } = useTranslation();
  const done = stepsDone(unit);
  const total = unit.requiredSteps.length;
  const next = nextStep(unit);
  return (
    <Box sx={{ flex: 1, minWidth: 0, display: 'grid', gap: 0.5 }}>
      <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {t('bench.unit', { index: unit.index })}
        {' · '}
        <Box component="span" sx={{ fontFamily: 'monospace', fontWeight: 500 }}>
          {unit.serialId}
        </Box>
      </Typography>
      {unit.replacesSerialId ? (
        <Typography component="span" variant="body2" color="text.secondary">
          {t('bench.replaces', { serial: unit.replacesSerialId })}
        </Typography>
      ) : null}
      <Typography component="span" variant="body2" color="text.secondary">
        {t('bench.stepsDone', { done, total })}
        {next ? ` · ${t('bench.nextUp', { step: t(`bench.steps.${next}`) })}` : null}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={total > 0 ? Math.round((done / total) * 100) : 0}
        color={unit.test?.result === 'fail' ? 'error' : unit.ready ? 'success' : 'primary'}
        aria-hidden
        sx={{ height: 4, borderRadius: 2, maxWidth: 240 }}
      />
      {unit.ready || unit.test ? (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.25 }}>
          {unit.ready ? (
            <Chip component="span" size="small" color="success" label={t('bench.ready')} />
          ) : null}
          {unit.test ? <TestChip result={unit.test.result} /> : null}
        </Box>
      ) : null}
    </Box>
  );
}

export function TestChip({ result }: { result: 'pass' | 'fail' }) {
  const { t } = useTranslation();
  return (
    <Chip
      component="span"
      size="small"
      variant={result === 'fail' ? 'filled' : 'outlined'}
      color={result === 'fail' ? 'error' : 'success'}
      label={result === 'fail' ? t('bench.testFailed') : t('bench.testPassed')}
    />
  );
}

/**
 * One step of a unit in the bench's vertical list: done (who and when, and what was measured), the one to do
 * now (its form), or still to come.
 */
import type { BuildStep, WorkOrderUnit } from '@hosewright/domain';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { type Units, useUnits } from '@/lib/use-units';
import { crimpTargetText, DIAMETER, StepForm, type StepFormProps } from './bench-forms';

export type StepState = 'done' | 'active' | 'pending';

export function BenchStep({
  step,
  number,
  isOpen,
  unit,
  line,
  disabled,
  busy,
  error,
  focusOnMount,
  onRecord,
  onRedo,
  onCancelRedo,
}: Omit<StepFormProps, 'unit'> & {
  step: BuildStep;
  /** 1-based position among the unit's steps. */
  number: number;
  /** Its form is showing: the next step, or a done one being recorded again. */
  isOpen: boolean;
  unit: WorkOrderUnit;
  /** The server's refusal of this step, shown over what was typed. */
  error: string | null;
  /** Set once a step was recorded here: the keyboard and screen reader move on with the bench. */
  focusOnMount: boolean;
  /** Offered on a done step whose measurement may be taken again (a re-cut, a re-crimp, a re-test). */
  onRedo?: () => void;
  /** Closes the form of a done step without recording it again. */
  onCancelRedo?: () => void;
}) {
  const { t } = useTranslation();
  const units = useUnits();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const isDone = unit.steps[step] !== undefined;
  const state: StepState = isDone ? 'done' : isOpen ? 'active' : 'pending';

  useEffect(() => {
    if (isOpen && focusOnMount) headingRef.current?.focus();
  }, [isOpen, focusOnMount]);

  return (
    <Box
      component="li"
      aria-labelledby={headingId}
      aria-current={isOpen ? 'step' : undefined}
      data-step={step}
      data-state={state}
      sx={{ display: 'grid', gridTemplateColumns: '32px minmax(0, 1fr)', columnGap: 1.5, py: 1 }}
    >
      <StepMarker
        number={number}
        state={isOpen ? 'active' : state}
        failed={step === 'test' && unit.test?.result === 'fail'}
      />
      <Box sx={{ minWidth: 0 }}>
        <Typography
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          variant="subtitle1"
          component="h4"
          sx={{
            fontWeight: isOpen ? 700 : 600,
            lineHeight: '32px',
            color: state === 'pending' ? 'text.secondary' : 'text.primary',
            outline: 'none',
          }}
        >
          {t(`bench.steps.${step}`)}
          <Box component="span" sx={visuallyHidden}>
            {` (${isOpen ? t('bench.nowLabel') : isDone ? t('bench.doneLabel') : t('bench.pending')})`}
          </Box>
        </Typography>
        {isDone ? <StepRecord step={step} unit={unit} /> : null}
        {isDone && !isOpen && onRedo ? (
          <Button size="small" onClick={onRedo} disabled={disabled} sx={{ minHeight: 40, px: 1, ml: -1 }}>
            {t('bench.redo', { step: t(`bench.steps.${step}`) })}
          </Button>
        ) : null}
        {isOpen ? (
          <Box sx={{ display: 'grid', gap: 1.5, pb: 1, pt: isDone ? 1 : 0 }}>
            <Typography variant="body2" color="text.secondary">
              {isDone ? t('bench.redoHelp') : t(`bench.help.${step}`)}
            </Typography>
            {error ? (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            ) : null}
            {/* Prefilled in the reader's units: read again when they arrive or change. */}
            <StepForm
              key={units.system}
              step={step}
              unit={unit}
              line={line}
              disabled={disabled}
              busy={busy}
              onRecord={onRecord}
            />
            {isDone && onCancelRedo ? (
              <Box>
                <Button onClick={onCancelRedo} disabled={busy} sx={{ minHeight: 44 }}>
                  {t('bench.keep')}
                </Button>
              </Box>
            ) : null}
          </Box>
        ) : null}
      </Box>
    </Box>
  );
}

/** Read by screen readers only (in px: in `sx` a width of 1 would be 100%). */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function StepMarker({ number, state, failed }: { number: number; state: StepState; failed: boolean }) {
  if (state === 'done' && !failed) {
    return <CheckCircleIcon aria-hidden sx={{ fontSize: 32, color: 'success.main' }} />;
  }
  return (
    <Box
      aria-hidden
      sx={{
        width: 28,
        height: 28,
        m: '2px',
        borderRadius: '50%',
        display: 'grid',
        placeItems: 'center',
        fontSize: '0.85rem',
        fontWeight: 700,
        ...(failed
          ? { bgcolor: 'error.main', color: 'error.contrastText' }
          : state === 'active'
            ? { bgcolor: 'primary.main', color: 'primary.contrastText' }
            : { border: 2, borderColor: 'divider', color: 'text.secondary' }),
      }}
    >
      {failed ? '!' : number}
    </Box>
  );
}

/** What a done step recorded: who and when, and its measurements against their targets. */
function StepRecord({ step, unit }: { step: BuildStep; unit: WorkOrderUnit }) {
  const { t } = useTranslation();
  const units = useUnits();
  const record = unit.steps[step];
  const when = record ? formatDateTime(record.at) : '';
  const lines = measurementLines(step, unit, units, t);
  return (
    <Box sx={{ display: 'grid', gap: 0.25 }}>
      {lines.map((line) => (
        <Typography
          key={line.text}
          variant="body2"
          sx={line.bad ? { color: 'error.main', fontWeight: 600 } : undefined}
          data-measurement={step}
        >
          {line.text}
        </Typography>
      ))}
      {record ? (
        <Typography variant="body2" color="text.secondary">
          {record.by
            ? t('bench.doneBy', { name: record.by.name, date: when })
            : t('bench.doneAt', { date: when })}
        </Typography>
      ) : null}
    </Box>
  );
}

/** The read-only measurements of a step: the cut length, each crimp against its target, the proof test. */
function measurementLines(
  step: BuildStep,
  unit: WorkOrderUnit,
  units: Units,
  t: TFunction,
): { text: string; bad: boolean }[] {
  if (step === 'cut' && unit.cutLengthMm !== null) {
    return [{ text: t('bench.cutTo', { length: units.length(unit.cutLengthMm) }), bad: false }];
  }
  if (step === 'crimp') {
    return (['endA', 'endB'] as const).flatMap((end) => {
      const spec = unit.crimp[end];
      if (spec.measuredMm === null) return [];
      const measured = units.length(spec.measuredMm, DIAMETER);
      const name = t(`bench.crimp.${end}`);
      return [
        {
          text:
            spec.targetMm === null || spec.toleranceMm === null
              ? t('bench.crimp.measuredNoSpec', { end: name, measured })
              : t('bench.crimp.measuredAgainst', {
                  end: name,
                  measured,
                  target: crimpTargetText(spec, units, t),
                }),
          bad: false,
        },
      ];
    });
  }
  if (step === 'test' && unit.test) {
    const { test } = unit;
    const lines = [
      {
        text: t('bench.test.result', {
          pressure: units.pressure(test.pressurePsi),
          seconds: test.holdSeconds,
          result: test.result === 'pass' ? t('bench.test.passed') : t('bench.test.failed'),
        }),
        bad: test.result === 'fail',
      },
    ];
    const doneBy = unit.steps.test?.by?._id;
    if (test.by && test.by._id !== doneBy) {
      lines.push({ text: t('bench.test.testedBy', { name: test.by.name }), bad: false });
    }
    return lines;
  }
  return [];
}

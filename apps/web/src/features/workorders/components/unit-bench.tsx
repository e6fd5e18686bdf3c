/**
 * One unit at the bench: its serial and assembly, its steps in order with the next one open, and what it
 * came to (ready, or a failed test that keeps it from completion). After each step the next one opens.
 */
import {
  type BuildStep,
  type BuildStepInput,
  serialPath,
  type WorkOrder,
  type WorkOrderUnit,
} from '@hosewright/domain';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadWorkOrderDocument, useRecordBuildStep } from '@/api/workorders';
import { isApiError } from '@/lib/api';
import { saveDownload } from '@/lib/download';
import { formatShortDate } from '@/lib/format';
import { isOnTheFloor } from '../lib/work-order';
import { nextStep, orderedSteps } from './bench-measures';
import { BenchStep } from './bench-step';
import { TestChip } from './unit-list';

/**
 * The steps whose record may be taken again before the unit is ready: the cut until the fittings go on, the
 * crimp (a re-crimp; the server then clears the proof test, and it is the way on after a failed test), and a
 * passed test until the unit is tagged. A failed test is not simply tested again.
 */
function canRedo(unit: WorkOrderUnit, step: BuildStep): boolean {
  if (unit.completedAt !== null || unit.ready || unit.steps[step] === undefined) return false;
  switch (step) {
    case 'cut':
      return unit.steps.assemble === undefined;
    case 'crimp':
      return true;
    case 'test':
      return unit.test?.result === 'pass' && unit.steps.tag === undefined;
    default:
      return false;
  }
}

export function UnitBench({
  workOrder,
  unit,
  onOpen,
}: {
  workOrder: WorkOrder;
  unit: WorkOrderUnit;
  onOpen: (unit: WorkOrderUnit | null) => void;
}) {
  const { t } = useTranslation();
  const record = useRecordBuildStep();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const [refusal, setRefusal] = useState<{ step: string; message: string } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [movedOn, setMovedOn] = useState(false);
  const [redo, setRedo] = useState<BuildStep | null>(null);
  const line = workOrder.lines.find((l) => l._id === unit.lineId);
  const steps = orderedSteps(unit);
  const next = nextStep(unit);
  // One form at a time: a done step being recorded again, else the next step.
  const open = redo ?? next;
  const canRecord = isOnTheFloor(workOrder.status);
  const position = workOrder.units.findIndex((u) => u._id === unit._id);
  const previousUnit = workOrder.units[position - 1];
  const followingUnit = workOrder.units[position + 1];
  // After a ready unit the bench offers the next one still to build, wherever it is in the list.
  const nextToBuild =
    workOrder.units.slice(position + 1).find((u) => !u.ready && u.test?.result !== 'fail') ??
    workOrder.units.slice(0, position).find((u) => !u.ready && u.test?.result !== 'fail');

  // Opening a unit brings its heading into view and to the keyboard: on a phone the list was above it.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const onRecord = async (input: BuildStepInput) => {
    setRefusal(null);
    setAnnouncement('');
    try {
      const saved = await record.mutateAsync({ id: workOrder._id, unitId: unit._id, step: input });
      const after = saved.units.find((u) => u._id === unit._id);
      const then = after ? nextStep(after) : null;
      const name = t(`bench.steps.${input.step}`);
      setAnnouncement(
        then
          ? t('bench.recordedNext', { step: name, next: t(`bench.steps.${then}`) })
          : t('bench.recorded', { step: name }),
      );
      setMovedOn(true);
      setRedo(null);
    } catch (error) {
      const message = (error as Error).message;
      // A refusal (a crimp out of tolerance, a test below the minimum) says what to do as it stands.
      setRefusal({
        step: input.step,
        message:
          isApiError(error, 'BAD_REQUEST') || isApiError(error, 'CONFLICT')
            ? message
            : t('bench.recordFailed', { message }),
      });
    }
  };

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1.5 }}>
      <Box>
        <Typography
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          variant="h6"
          component="h3"
          sx={{ fontSize: '1.05rem', outline: 'none' }}
        >
          {t('bench.unitOf', { index: unit.index, total: workOrder.units.length })}
          {' · '}
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {unit.serialId}
          </Box>
        </Typography>
        {line ? (
          <Typography variant="body2" color="text.secondary">
            {line.hoseAssembly.title}
            {line.hoseAssembly.description ? ` · ${line.hoseAssembly.description}` : ''}
          </Typography>
        ) : null}
        {unit.replacesSerialId ? (
          <Typography variant="body2">
            <Link href={serialPath(unit.replacesSerialId)}>
              {t('bench.replaces', { serial: unit.replacesSerialId })}
            </Link>
          </Typography>
        ) : null}
        {unit.test ? (
          <Box sx={{ display: 'flex', mt: 0.5 }}>
            <TestChip result={unit.test.result} />
          </Box>
        ) : null}
      </Box>

      {unit.test?.result === 'fail' ? (
        <Alert
          severity="error"
          action={
            canRecord && redo === null ? (
              <Button color="inherit" onClick={() => setRedo('crimp')} sx={{ minHeight: 44 }}>
                {t('bench.recrimp')}
              </Button>
            ) : undefined
          }
        >
          {t('bench.unitFailed', { index: unit.index })}
        </Alert>
      ) : null}

      <Box
        component="ol"
        aria-label={t('bench.stepsLabel', { index: unit.index })}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid' }}
      >
        {steps.map((step, i) => (
          <BenchStep
            key={step}
            step={step}
            number={i + 1}
            isOpen={step === open}
            unit={unit}
            line={line}
            disabled={!canRecord || record.isPending}
            busy={record.isPending}
            error={refusal?.step === step ? refusal.message : null}
            focusOnMount={movedOn}
            onRecord={(input) => void onRecord(input)}
            onRedo={canRecord && canRedo(unit, step) ? () => setRedo(step) : undefined}
            onCancelRedo={() => {
              setRedo(null);
              setRefusal(null);
            }}
          />
        ))}
      </Box>

      <Box role="status" aria-live="polite" sx={{ typography: 'body2', color: 'text.secondary' }}>
        {announcement}
      </Box>

      {unit.completedAt ? (
        <Alert severity="success">
          {t('bench.unitBuilt', { index: unit.index, date: formatShortDate(unit.completedAt) })}
        </Alert>
      ) : unit.ready ? (
        <Alert severity="success">{t('bench.unitReady', { index: unit.index })}</Alert>
      ) : null}

      {workOrder.status === 'completed' ? <CertificateButton workOrder={workOrder} unit={unit} /> : null}

      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'space-between' }}>
        <Button
          size="large"
          startIcon={<ArrowBackIcon />}
          onClick={() => onOpen(previousUnit ?? null)}
          sx={{ minHeight: 48 }}
        >
          {previousUnit ? t('bench.previousUnit') : t('bench.allUnits')}
        </Button>
        {unit.ready && nextToBuild && canRecord ? (
          <Button
            size="large"
            variant="contained"
            endIcon={<ArrowForwardIcon />}
            onClick={() => onOpen(nextToBuild)}
            sx={{ minHeight: 48 }}
          >
            {t('bench.buildUnit', { index: nextToBuild.index })}
          </Button>
        ) : followingUnit ? (
          <Button
            size="large"
            endIcon={<ArrowForwardIcon />}
            onClick={() => onOpen(followingUnit)}
            sx={{ minHeight: 48 }}
          >
            {t('bench.nextUnit')}
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}

/** A completed unit's own test certificate (the document area above gives all of them in one file). */
function CertificateButton({ workOrder, unit }: { workOrder: WorkOrder; unit: WorkOrderUnit }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const file = await downloadWorkOrderDocument(workOrder._id, 'certificates', unit._id);
      saveDownload(file, `certificate-${unit.serialId.replace(/[^\w.-]+/g, '_')}.pdf`);
    } catch (error) {
      setFailure(t('bench.certificateFailed', { message: (error as Error).message }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
      <Button
        variant="outlined"
        size="large"
        disabled={busy}
        startIcon={busy ? <CircularProgress size={16} aria-hidden /> : <PictureAsPdfIcon />}
        onClick={() => void download()}
        sx={{ minHeight: 48 }}
      >
        {t('bench.certificate')}
      </Button>
      {failure ? (
        <Alert severity="warning" role="alert">
          {failure}
        </Alert>
      ) : null}
    </Box>
  );
}

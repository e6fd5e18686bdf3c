/**
 * What each bench step asks for: the cut length, the two crimp diameters, the proof test, or just "Done".
 * Every field reads in the reader's units and keeps what was typed when the server refuses it.
 */
import {
  type BuildStep,
  type BuildStepInput,
  type CrimpEnd,
  crimpDeviationMm,
  defaultTestPressurePsi,
  measuredLengthMm,
  measuredPressurePsi,
  PROOF_TEST_MAX_HOLD_S,
  PROOF_TEST_MIN_FACTOR,
  PROOF_TEST_MIN_HOLD_S,
  type WorkOrderLine,
  type WorkOrderUnit,
} from '@hosewright/domain';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { TFunction } from 'i18next';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { type Units, useUnits } from '@/lib/use-units';
import { lengthInUnit, readDiameter, readHoldSeconds, readPressure } from './bench-measures';

/** Crimp diameters keep the gauge's precision: '24.65 mm', '0.970 in' (as the crimp spec table shows them). */
export const DIAMETER = { inchDecimals: 3, mmDecimals: 2 } as const;

export interface StepFormProps {
  unit: WorkOrderUnit;
  line: WorkOrderLine | undefined;
  /** A completed work order, or a call on its way. */
  disabled: boolean;
  busy: boolean;
  onRecord: (input: BuildStepInput) => void;
}

/** Big enough to hit with a gloved thumb; the whole width on a phone. */
const touch = { minHeight: 48, width: { xs: '100%', sm: 'auto' }, minWidth: { sm: 160 } } as const;

function SubmitButton({
  busy,
  disabled,
  children,
  icon,
}: {
  busy: boolean;
  disabled: boolean;
  children: ReactNode;
  icon?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      disabled={disabled}
      startIcon={busy ? <CircularProgress size={18} aria-hidden /> : icon}
      sx={touch}
    >
      {busy ? t('bench.recording') : children}
    </Button>
  );
}

function submitted(handler: () => void) {
  return (event: FormEvent) => {
    event.preventDefault();
    handler();
  };
}

export function StepForm({ step, ...props }: StepFormProps & { step: BuildStep }) {
  switch (step) {
    case 'cut':
      return <CutForm {...props} />;
    case 'crimp':
      return <CrimpForm {...props} />;
    case 'test':
      return <TestForm {...props} />;
    default:
      return <DoneForm step={step} {...props} />;
  }
}

/** Skive, assemble, clean, cap and tag: nothing to measure, the person says it is done. */
function DoneForm({ step, disabled, busy, onRecord }: StepFormProps & { step: BuildStep }) {
  const { t } = useTranslation();
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submitted(() => onRecord({ step } as BuildStepInput))}
      sx={{ display: 'flex' }}
    >
      <SubmitButton busy={busy} disabled={disabled} icon={<CheckIcon />}>
        {t('bench.done')}
      </SubmitButton>
    </Box>
  );
}

/** The cut length, prefilled with the assembly's, in the reader's units (fractions of an inch read). */
function CutForm({ line, disabled, busy, onRecord }: StepFormProps) {
  const { t } = useTranslation();
  const units = useUnits();
  const [text, setText] = useState(() => units.lengthInput(line?.hoseAssembly.cutLengthMm));
  const [error, setError] = useState<string | null>(null);
  const feedback = units.lengthFeedback(text);
  const help = line ? t('bench.cut.help', { length: units.length(line.hoseAssembly.cutLengthMm) }) : null;

  const submit = () => {
    const read = units.parseLength(text);
    if (!read.ok) {
      setError(read.message);
      return;
    }
    onRecord({ step: 'cut', cutLength: lengthInUnit(read.value, units.lengthUnit) });
  };

  const shownError = error ?? feedback.error;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submitted(submit)}
      sx={{ display: 'grid', gap: 1.5, maxWidth: 360 }}
    >
      <TextField
        label={t('bench.cut.label')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        disabled={disabled}
        required
        error={shownError !== null}
        helperText={shownError ?? feedback.reads ?? help}
        slotProps={{
          htmlInput: { inputMode: units.lengthUnit === 'in' ? 'text' : 'decimal' },
          input: {
            endAdornment: <InputAdornment position="end">{t(`units.${units.lengthUnit}`)}</InputAdornment>,
          },
        }}
      />
      <SubmitButton busy={busy} disabled={disabled}>
        {t('bench.cut.submit')}
      </SubmitButton>
    </Box>
  );
}

type End = 'endA' | 'endB';
const ENDS: readonly End[] = ['endA', 'endB'];

/** The live word under a crimp field: within tolerance, or by how much it is over or under. */
function crimpHint(text: string, end: CrimpEnd, units: Units, t: TFunction) {
  const read = readDiameter(text, units.lengthUnit);
  if (!read.ok || end.targetMm === null || end.toleranceMm === null) return null;
  const measured = measuredLengthMm(read.value);
  const deviation = crimpDeviationMm(measured, { targetMm: end.targetMm, toleranceMm: end.toleranceMm });
  if (deviation === 0) return { outside: false, text: t('bench.crimp.within') };
  const by = units.length(deviation, DIAMETER);
  return {
    outside: true,
    text:
      measured > end.targetMm
        ? t('bench.crimp.over', { deviation: by })
        : t('bench.crimp.under', { deviation: by }),
  };
}

/** What a crimp field says before anything is typed: the target, its tolerance and the die. */
export function crimpTargetText(end: CrimpEnd, units: Units, t: TFunction) {
  if (end.targetMm === null || end.toleranceMm === null) return t('bench.crimp.noSpec');
  const target = t('bench.crimp.target', {
    target: units.length(end.targetMm, { ...DIAMETER, unit: false }),
    tolerance: units.length(end.toleranceMm, DIAMETER),
  });
  return end.die ? `${target} · ${t('bench.crimp.die', { die: end.die })}` : target;
}

/** Both crimp diameters, each against its end's target, with a warning as soon as one is outside. */
function CrimpForm({ unit, disabled, busy, onRecord }: StepFormProps) {
  const { t } = useTranslation();
  const units = useUnits();
  const [texts, setTexts] = useState<Record<End, string>>({ endA: '', endB: '' });
  const [errors, setErrors] = useState<Partial<Record<End, string>>>({});

  const submit = () => {
    const readings = ENDS.map((end) => [end, readDiameter(texts[end], units.lengthUnit)] as const);
    const found: Partial<Record<End, string>> = {};
    for (const [end, read] of readings) {
      if (!read.ok) {
        found[end] =
          read.error === 'empty'
            ? t('bench.errors.diameterEmpty')
            : read.error === 'zero'
              ? t('bench.errors.diameterZero')
              : units.lengthUnit === 'in'
                ? t('bench.errors.diameterUnreadableIn')
                : t('bench.errors.diameterUnreadableMm');
      }
    }
    setErrors(found);
    const [a, b] = readings;
    if (a?.[1].ok && b?.[1].ok) onRecord({ step: 'crimp', endA: a[1].value, endB: b[1].value });
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submitted(submit)}
      sx={{ display: 'grid', gap: 2, maxWidth: 360 }}
    >
      {ENDS.map((end) => {
        const spec = unit.crimp[end];
        const hint = errors[end] ? null : crimpHint(texts[end], spec, units, t);
        return (
          <TextField
            key={end}
            label={t('bench.crimp.measured', { end: t(`bench.crimp.${end}`) })}
            value={texts[end]}
            onChange={(e) => {
              setTexts((now) => ({ ...now, [end]: e.target.value }));
              setErrors((now) => ({ ...now, [end]: undefined }));
            }}
            disabled={disabled}
            required
            error={errors[end] !== undefined || hint?.outside === true}
            helperText={
              <>
                <Box component="span" sx={{ display: 'block' }}>
                  {crimpTargetText(spec, units, t)}
                </Box>
                {errors[end] || hint ? (
                  <Box component="span" sx={{ display: 'block', fontWeight: 600 }} data-crimp-hint={end}>
                    {errors[end] ?? hint?.text}
                  </Box>
                ) : null}
              </>
            }
            slotProps={{
              htmlInput: { inputMode: 'decimal' },
              input: {
                endAdornment: (
                  <InputAdornment position="end">{t(`units.${units.lengthUnit}`)}</InputAdornment>
                ),
              },
            }}
          />
        );
      })}
      <SubmitButton busy={busy} disabled={disabled}>
        {t('bench.crimp.submit')}
      </SubmitButton>
    </Box>
  );
}

/**
 * The proof test: the pressure (2 × the working pressure to start with) and hold time, then Pass or Fail. A
 * failed test keeps the unit from completion for good, so Fail asks first.
 */
function TestForm({ unit, line, disabled, busy, onRecord }: StepFormProps) {
  const { t } = useTranslation();
  const units = useUnits();
  const workingPsi = line?.hoseAssembly.workingPressurePsi ?? null;
  const [pressure, setPressure] = useState(() =>
    workingPsi === null ? '' : units.pressureInput(defaultTestPressurePsi(workingPsi)),
  );
  const [hold, setHold] = useState(String(PROOF_TEST_MIN_HOLD_S));
  const [errors, setErrors] = useState<{ pressure?: string; hold?: string }>({});
  const [confirmingFail, setConfirmingFail] = useState(false);

  const pressureRead = readPressure(pressure, units.pressureUnit);
  const minimumPsi = workingPsi === null ? null : Math.ceil(workingPsi * PROOF_TEST_MIN_FACTOR);
  const isBelowMinimum =
    pressureRead.ok && minimumPsi !== null && measuredPressurePsi(pressureRead.value) < minimumPsi;

  /** The input to send, or null with the fields' errors shown. */
  const read = (result: 'pass' | 'fail'): BuildStepInput | null => {
    const holdRead = readHoldSeconds(hold);
    const found: { pressure?: string; hold?: string } = {};
    if (!pressureRead.ok) {
      found.pressure =
        pressureRead.error === 'zero'
          ? t('bench.errors.pressureZero')
          : t(`units.pressureErrors.${pressureRead.error}`);
    }
    if (!holdRead.ok) {
      found.hold =
        holdRead.error === 'range'
          ? t('bench.errors.holdRange', { min: PROOF_TEST_MIN_HOLD_S, max: PROOF_TEST_MAX_HOLD_S })
          : t('bench.errors.holdUnreadable');
    }
    setErrors(found);
    if (!pressureRead.ok || !holdRead.ok) return null;
    return { step: 'test', pressure: pressureRead.value, holdSeconds: holdRead.value, result };
  };

  const pressureHelp =
    workingPsi !== null && minimumPsi !== null
      ? t('bench.test.pressureHelp', {
          working: units.pressure(workingPsi),
          minimum: units.pressure(minimumPsi),
        })
      : null;

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 360 }}>
      <TextField
        label={t('bench.test.pressure')}
        value={pressure}
        onChange={(e) => {
          setPressure(e.target.value);
          setErrors((now) => ({ ...now, pressure: undefined }));
        }}
        disabled={disabled}
        required
        error={errors.pressure !== undefined || isBelowMinimum}
        helperText={
          errors.pressure ??
          (isBelowMinimum && minimumPsi !== null
            ? t('bench.test.belowMinimum', { minimum: units.pressure(minimumPsi) })
            : pressureHelp)
        }
        slotProps={{
          htmlInput: { inputMode: 'decimal' },
          input: {
            endAdornment: <InputAdornment position="end">{t(`units.${units.pressureUnit}`)}</InputAdornment>,
          },
        }}
      />
      <TextField
        label={t('bench.test.hold')}
        value={hold}
        onChange={(e) => {
          setHold(e.target.value);
          setErrors((now) => ({ ...now, hold: undefined }));
        }}
        disabled={disabled}
        required
        error={errors.hold !== undefined}
        helperText={
          errors.hold ?? t('bench.test.holdHelp', { min: PROOF_TEST_MIN_HOLD_S, max: PROOF_TEST_MAX_HOLD_S })
        }
        slotProps={{
          htmlInput: { inputMode: 'numeric' },
          input: { endAdornment: <InputAdornment position="end">{t('bench.test.seconds')}</InputAdornment> },
        }}
      />
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <Button
          variant="contained"
          color="success"
          size="large"
          disabled={disabled}
          startIcon={busy ? <CircularProgress size={18} aria-hidden /> : <CheckIcon />}
          onClick={() => {
            const input = read('pass');
            if (input) onRecord(input);
          }}
          sx={touch}
        >
          {t('bench.test.pass')}
        </Button>
        <Button
          variant="outlined"
          color="error"
          size="large"
          disabled={disabled}
          startIcon={<CloseIcon />}
          onClick={() => {
            if (read('fail')) setConfirmingFail(true);
          }}
          sx={touch}
        >
          {t('bench.test.fail')}
        </Button>
      </Box>
      <ConfirmDialog
        open={confirmingFail}
        title={t('bench.test.failTitle')}
        confirmLabel={t('bench.test.failConfirm')}
        tone="error"
        isBusy={busy}
        onCancel={() => setConfirmingFail(false)}
        onConfirm={() => {
          const input = read('fail');
          setConfirmingFail(false);
          if (input) onRecord(input);
        }}
      >
        {t('bench.test.failText', { index: unit.index, serial: unit.serialId })}
      </ConfirmDialog>
    </Box>
  );
}

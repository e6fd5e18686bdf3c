/**
 * The units the signed-in user sees (`getUser`'s `units`: their own choice, else the organisation's, else
 * the language's default, `effectiveUnitSystem`) and the format and parse functions bound to them. Lengths are
 * stored in mm and pressures in psi; screens show and read them in mm and bar, or inches and psi.
 */
import {
  DEFAULT_LOCALE,
  effectiveUnitSystem,
  formatLength,
  formatPressure,
  type LengthFormat,
  type Locale,
  lengthInputText,
  parseLength,
  parsePressure,
  pressureInputText,
  type UnitParseResult,
  type UnitSystem,
  unitLabels,
} from '@hosewright/domain';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentUserQuery } from '@/api/user';
import { LANGUAGE_TAGS } from './i18n';
import { useViewer } from './use-viewer';

export interface Units {
  system: UnitSystem;
  /** 'mm' or 'in'. */
  lengthUnit: 'mm' | 'in';
  /** 'bar' or 'psi'. */
  pressureUnit: 'bar' | 'psi';
  /** '1,000 mm' or '39-3/8 in'; '' for no value (null, '' or not a number). */
  length: (mm: unknown, options?: LengthFormat) => string;
  /** '276 bar' or '4,000 psi'; '' for no value. */
  pressure: (psi: unknown) => string;
  /** What a length field holds for a stored value: '1000.1' or '39-3/8'; '' for none. */
  lengthInput: (mm: unknown) => string;
  /** What a pressure field holds for a stored value: '276' or '4000'; '' for none. */
  pressureInput: (psi: unknown) => string;
  /** A typed length in mm, or why not (the message in the interface language). */
  parseLength: (text: string) => UnitParseResult;
  /** A typed pressure in whole psi, or why not. */
  parsePressure: (text: string) => UnitParseResult;
  /**
   * What a length field says under what is typed: the error, or the value as read when that is not simply
   * what was typed ('39.375' reads '= 39-3/8 in (1,000.1 mm)'); both null for empty text.
   */
  lengthFeedback: (text: string) => FieldFeedback;
  /** The same for a pressure field ('250 bar' reads '= 3,626 psi'). */
  pressureFeedback: (text: string) => FieldFeedback;
}

export interface FieldFeedback {
  /** Stored value (mm or psi) when the text reads, else undefined. */
  value: number | undefined;
  error: string | null;
  reads: string | null;
}

const squeeze = (text: string) => text.replace(/[\s,]/g, '').toLowerCase();

function numberOf(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** The format and parse functions of one system; `t` words the parse errors (`units.*Errors`). */
export function unitsFor(system: UnitSystem, t?: TFunction): Units {
  const labels = unitLabels(system);
  const translated = (kind: 'lengthErrors' | 'pressureErrors', result: UnitParseResult): UnitParseResult =>
    result.ok || !t ? result : { ...result, message: t(`units.${kind}.${result.error}`) };
  return {
    system,
    lengthUnit: labels.length,
    pressureUnit: labels.pressure,
    length: (mm, options) => {
      const n = numberOf(mm);
      return n === null ? '' : formatLength(n, system, options);
    },
    pressure: (psi) => {
      const n = numberOf(psi);
      return n === null ? '' : formatPressure(n, system);
    },
    lengthInput: (mm) => {
      const n = numberOf(mm);
      return n === null ? '' : lengthInputText(n, system);
    },
    pressureInput: (psi) => {
      const n = numberOf(psi);
      return n === null ? '' : pressureInputText(n, system);
    },
    parseLength: (text) => translated('lengthErrors', parseLength(text, system)),
    parsePressure: (text) => translated('pressureErrors', parsePressure(text, system)),
    lengthFeedback: (text) => {
      if (!text.trim()) return { value: undefined, error: null, reads: null };
      const read = translated('lengthErrors', parseLength(text, system));
      if (!read.ok) return { value: undefined, error: read.message, reads: null };
      const shown = formatLength(read.value, system);
      const bare = formatLength(read.value, system, { unit: false });
      if (squeeze(text) === squeeze(shown) || squeeze(text) === squeeze(bare)) {
        return { value: read.value, error: null, reads: null };
      }
      const both = system === 'imperial' ? `${shown} (${formatLength(read.value, 'metric')})` : shown;
      return { value: read.value, error: null, reads: t ? t('units.reads', { value: both }) : `= ${both}` };
    },
    pressureFeedback: (text) => {
      if (!text.trim()) return { value: undefined, error: null, reads: null };
      const read = translated('pressureErrors', parsePressure(text, system));
      if (!read.ok) return { value: undefined, error: read.message, reads: null };
      const shown = formatPressure(read.value, system);
      const bare = formatPressure(read.value, system, { unit: false });
      if (squeeze(text) === squeeze(shown) || squeeze(text) === squeeze(bare)) {
        return { value: read.value, error: null, reads: null };
      }
      return { value: read.value, error: null, reads: t ? t('units.reads', { value: shown }) : `= ${shown}` };
    },
  };
}

/** Our locale of a BCP 47 tag ('en-US' -> 'en_us'), or the default. */
function localeOfTag(tag: string): Locale {
  const entry = (Object.entries(LANGUAGE_TAGS) as [Locale, string][]).find(([, value]) => value === tag);
  return entry?.[0] ?? DEFAULT_LOCALE;
}

/**
 * The current user's units. Until the user is read (and for a visitor who is not signed in, like the public
 * /qs page) the default of the session's language, or of the interface language.
 */
export function useUnitSystem(): UnitSystem {
  const viewer = useViewer();
  const { i18n } = useTranslation();
  const user = useQuery({ ...currentUserQuery(), enabled: viewer.isAuthenticated });
  if (viewer.isAuthenticated && user.data) return user.data.units;
  const locale = viewer.profile?.locale ?? localeOfTag(i18n.language);
  return effectiveUnitSystem(null, null, locale);
}

/** The current user's units with their format and parse functions. */
export function useUnits(): Units {
  const system = useUnitSystem();
  const { t } = useTranslation();
  return useMemo(() => unitsFor(system, t), [system, t]);
}

/**
 * The caller's day (ADR 23). The contract route runs a signed-in call's handler inside `inTimeZone` with the
 * zone its `Time-Zone` header names; `today()` is then the date there, so an estimate made at 5 pm in
 * Vancouver is dated that day, not the next, and a tag printed then says it was built that day. Outside a call (jobs, the demo shop) and for a call that names
 * no zone, days are UTC's.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const zone = new AsyncLocalStorage<string>();
const formats = new Map<string, Intl.DateTimeFormat>();

export function inTimeZone<T>(timeZone: string | undefined, fn: () => T): T {
  return timeZone ? zone.run(timeZone, fn) : fn();
}

/** Today's date (YYYY-MM-DD) in the current call's time zone, UTC when it names none. */
export function today(): string {
  return dayOf(new Date());
}

/** The date (YYYY-MM-DD) of `moment` in the current call's time zone, UTC when it names none. */
export function dayOf(moment: Date): string {
  const timeZone = zone.getStore();
  if (!timeZone) return moment.toISOString().slice(0, 10);
  let format = formats.get(timeZone);
  if (!format) {
    // en-CA writes a date as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format.format(moment);
}

/**
 * Whose day "today" is (ADR 23): a signed-in call may name the caller's time zone in the `Time-Zone` header
 * (the web app sends the browser's), and the server then dates what it makes, and reads what is due or in
 * force, in that zone's day. A call that names none counts in UTC.
 */
export const TIME_ZONE_HEADER = 'time-zone';

/**
 * Whether `name` is a time zone by its name (`America/Vancouver`, `UTC`) that this runtime knows. Offsets
 * (`+05:30`) are refused: the database reads a bare offset with the opposite sign.
 */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z]/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

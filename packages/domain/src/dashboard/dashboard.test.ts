import { describe, expect, it } from 'vitest';
import { isTimeZone } from '../api/time-zone.ts';
import { dashboardQuerySchema } from './dashboard.ts';

describe("the dashboard's time zone", () => {
  it('takes a zone by its name and refuses offsets and names nobody knows', () => {
    expect(['America/Vancouver', 'Asia/Kolkata', 'UTC', 'Etc/GMT+5'].filter(isTimeZone)).toHaveLength(4);
    expect(['+05:30', '-08:00', 'Mars/Olympus', ''].some(isTimeZone)).toBe(false);
  });

  it('counts UTC days when no zone is asked, and says what it expects of a wrong one', () => {
    expect(dashboardQuerySchema.parse({})).toEqual({ timeZone: 'UTC' });
    expect(dashboardQuerySchema.parse({ timeZone: ' Europe/Paris ' })).toEqual({ timeZone: 'Europe/Paris' });
    const refused = dashboardQuerySchema.safeParse({ timeZone: '+05:30' });
    expect(refused.error?.issues[0]?.message).toBe(
      'timeZone must be a time zone such as America/Vancouver or UTC',
    );
  });
});

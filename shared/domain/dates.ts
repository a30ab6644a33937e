/** Calendar dates are `YYYY-MM-DD` strings in the site's time zone (docs/pricing.md "Stays and nights"). */
export function todayIn(timeZone: string, now: Date): string {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/**
 * The site's calendar day of a stored moment (an ISO time such as a record's `dateCreated`): which day or month
 * of money a moment belongs to is always the site's, never the UTC date of the timestamp (a lease recorded at
 * 23:30 in New York on the 31st is the 31st there, already the 1st in UTC).
 */
export const dayOfMoment = (timeZone: string, isoTime: string): string =>
  todayIn(timeZone, new Date(isoTime));

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

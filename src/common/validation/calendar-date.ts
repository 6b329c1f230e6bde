const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * `YYYY-MM-DD` naming a real day (no February 30). No dependency: the generators check `=default` literals of
 * `date` fields with it too, so a default is accepted exactly when the API would accept the value.
 */
export function isCalendarDate(value: unknown): boolean {
  const match = typeof value === 'string' ? CALENDAR_DATE.exec(value) : null;
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0 to 99 as 1900 to 1999. PostgreSQL has no year 0.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

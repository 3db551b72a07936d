// An instant as the clocks of a time zone show it (the city's profile names the zone): the staff
// desk reads times on it, and Open311 writes them with its offset.

export type ClockReading = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** The zone's offset from UTC then, as ISO 8601 writes it: `+01:00`, `-05:00`, `+00:00`. */
  offset: string;
};

export function clockIn(at: Date, timeZone: string): ClockReading {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      timeZoneName: 'longOffset',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const number = (v: string | undefined, fallback: number) => (v === undefined ? fallback : Number(v));
  return {
    year: number(parts.year, 0),
    month: number(parts.month, 1),
    day: number(parts.day, 1),
    hour: number(parts.hour, 0),
    minute: number(parts.minute, 0),
    second: number(parts.second, 0),
    offset: parts.timeZoneName === 'GMT' || parts.timeZoneName === undefined ? '+00:00' : parts.timeZoneName.replace('GMT', ''),
  };
}

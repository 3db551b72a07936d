// Stacked bars of the people commemorated (one bar per row), each segment labelled directly with
// its count and share; the table after it is the same figures as text.
import type { ReactNode } from 'react';
import { Swatch, fillOf, type SeriesKey } from './patterns';

export type Segment = { series: SeriesKey; label: string; count: number; value: string };
export type BarRow = { label: string; segments: Segment[] };

export function BarChart({ summary, rows, table }: { summary: string; rows: BarRow[]; table: ReactNode }) {
  return (
    <figure className="chart">
      <div className="chart__bars" role="img" aria-label={summary}>
        {rows.map((row) => {
          const total = row.segments.reduce((sum, s) => sum + s.count, 0);
          let x = 0;
          return (
            <div className="chart__row" key={row.label}>
              {rows.length > 1 && <span className="chart__row-label">{row.label}</span>}
              {/* Percent units, not a stretched viewBox, so the patterns keep their shape. */}
              <svg className="chart__bar" width="100%" height="28" aria-hidden="true" focusable="false">
                {row.segments.map((s) => {
                  const width = total > 0 ? (s.count / total) * 100 : 0;
                  const rect = <rect key={s.series} x={`${x}%`} width={`${width}%`} height="28" fill={fillOf(s.series)} />;
                  x += width;
                  return rect;
                })}
                <rect x="0.5" y="0.5" width="99.9%" height="27" fill="none" stroke="#1d1b26" />
              </svg>
              <span className="chart__labels">
                {row.segments.map((s) => (
                  <span className="chart__label" key={s.series}>
                    <Swatch series={s.series} /> {s.label}: <span className="chart__value">{s.value}</span>
                  </span>
                ))}
              </span>
            </div>
          );
        })}
      </div>
      {table}
    </figure>
  );
}

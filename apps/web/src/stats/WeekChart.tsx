// The participation timeline: one row per week, with a bar for its proposals and one for its votes
// (each series on its own scale: votes outnumber proposals), every bar labelled with its number.
// Rows, not columns of bars: ten weeks stay readable on a 360 px phone without scrolling sideways.
import type { ReactNode } from 'react';
import { fillOf } from './patterns';

export type WeekBar = { key: string; label: string; proposals: number; votes: number };

const SERIES = ['proposals', 'votes'] as const;

export function WeekChart({
  summary,
  weeks,
  names,
  table,
}: {
  summary: string;
  weeks: WeekBar[];
  names: Record<'proposals' | 'votes', string>;
  table: ReactNode;
}) {
  const max = { proposals: Math.max(1, ...weeks.map((w) => w.proposals)), votes: Math.max(1, ...weeks.map((w) => w.votes)) };
  return (
    <figure className="chart">
      <div className="chart__weeks" role="img" aria-label={summary}>
        <span />
        {SERIES.map((s) => (
          <span key={s} className="chart__axis-title">
            {names[s]}
          </span>
        ))}
        {weeks.map((w) => (
          <div className="chart__week" key={w.key}>
            <span className="chart__tick">{w.label}</span>
            {SERIES.map((s) => (
              <span className="chart__week-bar" key={s}>
                <svg width="100%" height="18" aria-hidden="true" focusable="false">
                  <rect width={`${(w[s] / max[s]) * 100}%`} height="18" fill={fillOf(s)} stroke="#1d1b26" strokeWidth="0.8" />
                </svg>
                <span className="chart__bar-value">{w[s]}</span>
              </span>
            ))}
          </div>
        ))}
      </div>
      {table}
    </figure>
  );
}

// The participation timeline: proposals and votes per week as two rows of bars (each with its own
// scale, votes outnumber proposals), every bar labelled with its number.
import type { ReactNode } from 'react';
import { fillOf } from './patterns';

export type WeekBar = { key: string; label: string; proposals: number; votes: number };

const SLOT = 56;
const BAR = 30;
const HEIGHT = 60;
const ROW = HEIGHT + 64;

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
  const width = Math.max(1, weeks.length) * SLOT;
  const series = ['proposals', 'votes'] as const;
  return (
    <figure className="chart">
      <svg
        className="chart__weeks"
        viewBox={`0 0 ${width} ${ROW * 2 + 10}`}
        role="img"
        aria-label={summary}
        style={{ maxWidth: `${width * 1.2}px` }}
      >
        <title>{summary}</title>
        {series.map((s, row) => {
          const max = Math.max(1, ...weeks.map((w) => (s === 'proposals' ? w.proposals : w.votes)));
          const top = row * ROW;
          return (
            <g key={s}>
              <text x="0" y={top + 14} className="chart__axis-title">
                {names[s]}
              </text>
              {weeks.map((w, i) => {
                const value = s === 'proposals' ? w.proposals : w.votes;
                const h = (value / max) * HEIGHT;
                const x = i * SLOT + (SLOT - BAR) / 2;
                const base = top + 34 + HEIGHT;
                return (
                  <g key={w.key}>
                    <rect x={x} y={base - h} width={BAR} height={h} fill={fillOf(s)} stroke="#1d1b26" strokeWidth="0.8" />
                    <text x={x + BAR / 2} y={base - h - 3} textAnchor="middle" className="chart__bar-value">
                      {value}
                    </text>
                    <text x={x + BAR / 2} y={base + 14} textAnchor="middle" className="chart__tick">
                      {w.label}
                    </text>
                  </g>
                );
              })}
              <line x1="0" x2={width} y1={top + 34 + HEIGHT} y2={top + 34 + HEIGHT} stroke="#1d1b26" />
            </g>
          );
        })}
      </svg>
      {table}
    </figure>
  );
}

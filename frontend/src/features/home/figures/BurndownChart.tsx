import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../shared/format/amount';
import { formatIsoDate } from '../../../shared/format/date';
import type { BurndownDay } from './types';

const WIDTH = 600;
const HEIGHT = 180;
const PAD = { top: 12, right: 12, bottom: 24, left: 12 };

/** An exact decimal text as a number for drawing only (the figures beside it stay exact). */
function forDrawing(value: string): number {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
}

/**
 * A campaign's burn-down: the cash remaining at the end of each day, as a line from the granted
 * cash down, in a small inline SVG (no chart library on the home page). Screen readers get the
 * summary as the image's name; the exact figures are in the table beside it.
 */
export function BurndownChart({ days, granted, title }: { days: BurndownDay[]; granted: string; title: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  if (days.length === 0) return null;
  const top = Math.max(forDrawing(granted), ...days.map((d) => forDrawing(d.remaining)), 1);
  const bottom = Math.min(0, ...days.map((d) => forDrawing(d.remaining)));
  const w = WIDTH - PAD.left - PAD.right;
  const h = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (days.length === 1 ? w / 2 : (i * w) / (days.length - 1));
  const y = (v: number) => PAD.top + ((top - v) * h) / (top - bottom || 1);
  const points = days.map((d, i) => `${x(i).toFixed(1)},${y(forDrawing(d.remaining)).toFixed(1)}`).join(' ');
  const first = days[0];
  const last = days[days.length - 1];
  const summary = t('home.figures.campaigns.burndown_summary', {
    name: title,
    from: formatIsoDate(first.day, language),
    to: formatIsoDate(last.day, language),
    granted: formatAmount(granted, language),
    remaining: formatAmount(last.remaining, language),
  });
  return (
    <figure className="burndown" data-burndown-days={days.length}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} preserveAspectRatio="none" className="burndown__svg">
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} className="burndown__axis" />
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(forDrawing(granted))} y2={y(forDrawing(granted))} className="burndown__granted" />
        {days.length === 1 ? (
          <circle cx={x(0)} cy={y(forDrawing(last.remaining))} r={5} className="burndown__dot" />
        ) : (
          <polyline points={points} className="burndown__line" fill="none" />
        )}
      </svg>
      <figcaption className="burndown__caption" aria-hidden="true">
        <span>{formatIsoDate(first.day, language)}</span>
        <span>{formatIsoDate(last.day, language)}</span>
      </figcaption>
    </figure>
  );
}

import type { TFunction } from 'i18next';
import { Chart } from 'primereact/chart';
import { Dropdown } from 'primereact/dropdown';
import { Tag } from 'primereact/tag';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIsoDate, toIsoDate } from '../../shared/format/date';
import { PagedTable, type PagedColumn } from '../../shared/list/PagedTable';
import { DROPDOWN_PT } from '../../shared/ui/passThrough';
import { usePartnerFigureEventsQuery, usePartnerTimelineQuery } from './api';
import { fieldLabel, resourceLabel } from './format';
import {
  CHART_FIGURES,
  figureHistory,
  figureSeries,
  percentFigures,
  pointsInRange,
  type ChartFigure,
  type FigurePoint,
} from './figures';
import { useEventColumns, useEventDetails, useHistoryPaging } from './historyTable';
import { isKind, KIND_ICONS, kindLabel, rangeStart, RANGES, type RangeKey } from './timeline';
import type { TimelineItem } from './types';

const COLOURS: Record<ChartFigure, string> = {
  bonus: '#16a34a',
  debt: '#e11d48',
  payment: '#0891b2',
  tool_cash: '#d97706',
  annual_plan: '#7c3aed',
  money_circulation: '#4f46e5',
};

/** A point's moment on the chart's axis: the day as the calendars write it and the time. */
function pointLabel(at: string, language: string): string {
  const date = new Date(at);
  const time = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(date);
  return `${formatIsoDate(toIsoDate(date), language)} ${time}`;
}

/**
 * The chart's lines: one per figure with an amount somewhere in the range (a figure that is a
 * percent throughout draws nothing and is left out of the legend too).
 */
function chartData(points: FigurePoint[], language: string, t: TFunction) {
  const series = figureSeries(points);
  const shown = CHART_FIGURES.filter((f) => series[f].some((v) => v !== null));
  return {
    labels: points.map((p) => pointLabel(p.at, language)),
    datasets: shown.map((figure) => ({
      label: fieldLabel(figure, t),
      data: series[figure],
      borderColor: COLOURS[figure],
      backgroundColor: COLOURS[figure],
      // A figure holds its value until the next change: a step, not a slope.
      stepped: true,
      spanGaps: false,
      pointRadius: 3,
      fill: false,
    })),
  };
}

/** The six figures over the chosen range, rebuilt from the partner's figures now and its events. */
function FiguresChart({ partnerId, figures }: { partnerId: number; figures: Record<string, string> }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const selectId = useId();
  const [range, setRange] = useState<RangeKey>('90d');
  // "Now" is when the range was chosen: the query's argument stays the same between renders.
  const [now, setNow] = useState(() => new Date());
  const from = rangeStart(range, now)?.toISOString();
  const events = usePartnerFigureEventsQuery(
    { id: partnerId, from },
    { refetchOnMountOrArgChange: true },
  );
  const current = useMemo(
    () => Object.fromEntries(CHART_FIGURES.map((f) => [f, figures[f] ?? ''])) as Record<ChartFigure, string>,
    [figures],
  );
  const points = useMemo(
    () => pointsInRange(figureHistory(current, events.data ?? []), { from: from ? new Date(from) : undefined }, now),
    [current, events.data, from, now],
  );
  const percents = percentFigures(points);
  const data = useMemo(() => chartData(points, language, t), [points, language, t]);
  const options = useMemo(
    () => ({
      locale: language,
      maintainAspectRatio: false,
      animation: false,
      interaction: { mode: 'index', intersect: false },
      plugins: { legend: { position: 'bottom' } },
      scales: { x: { ticks: { maxRotation: 0, autoSkip: true } } },
    }),
    [language],
  );

  const rangeOptions = RANGES.map((r) => ({ value: r, label: t(`activity.ranges.${r}`) }));

  return (
    <section className="partner-figures" aria-labelledby={`${selectId}-title`}>
      <header className="partner-figures__header">
        <h3 id={`${selectId}-title`} className="activity-dialog__subtitle">
          {t('activity.figures_chart')}
        </h3>
        <label htmlFor={selectId} className="sr-only">
          {t('activity.range')}
        </label>
        <Dropdown
          inputId={selectId}
          value={range}
          options={rangeOptions}
          onChange={(e) => {
            setRange(e.value as RangeKey);
            setNow(new Date());
          }}
          ariaLabel={t('activity.range')}
          pt={{ ...DROPDOWN_PT, select: { 'aria-label': t('activity.range') } }}
          className="partner-figures__range"
        />
      </header>
      {events.isError ? (
        <p className="partner-figures__note" role="alert">
          {t('activity.figures_failed')}
        </p>
      ) : events.isFetching && !events.data ? (
        <p className="partner-figures__note" role="status">
          <i className="pi pi-spin pi-spinner" aria-hidden /> {t('table.loading')}
        </p>
      ) : (
        <div className="partner-figures__chart">
          <Chart
            type="line"
            data={data}
            options={options}
            pt={{ canvas: { role: 'img', 'aria-label': t('activity.figures_chart_label', { range: t(`activity.ranges.${range}`) }) } }}
          />
        </div>
      )}
      {percents.length > 0 && (
        <p className="partner-figures__note" data-testid="percent-note">
          <i className="pi pi-info-circle" aria-hidden />{' '}
          {t('activity.percent_note', { fields: percents.map((f) => fieldLabel(f, t)).join(', ') })}
        </p>
      )}
    </section>
  );
}

/**
 * A partner's Timeline tab (issue 21): the six figures over time above one newest-first stream
 * of everything by or about the partner, each item with its kind; a row's button opens the event.
 */
export function PartnerTimeline({
  partnerId,
  figures,
  onRecordChanged,
}: {
  partnerId: number;
  figures?: Record<string, string>;
  /** A revert of one of the partner's own events went through (not a contact's or a campaign's). */
  onRecordChanged?: () => void;
}) {
  const { t } = useTranslation();
  const paging = useHistoryPaging();
  const query = usePartnerTimelineQuery(
    { id: partnerId, page: paging.page, per_page: paging.perPage },
    { refetchOnMountOrArgChange: true },
  );
  const eventColumns = useEventColumns<TimelineItem>();
  const details = useEventDetails<TimelineItem>((event) => {
    if (event.resource === 'partners' && event.record_id === partnerId) onRecordChanged?.();
  });
  const columns: PagedColumn<TimelineItem>[] = useMemo(
    () => [
      {
        field: 'kind',
        header: 'activity.kind',
        width: '10rem',
        body: (item) => (
          <Tag
            value={kindLabel(item.kind, t)}
            icon={isKind(item.kind) ? KIND_ICONS[item.kind] : 'pi pi-circle'}
            severity={item.kind === 'partner' ? 'info' : 'secondary'}
            rounded
            className={`timeline-kind timeline-kind--${item.kind}`}
            title={item.kind === 'partner' ? undefined : resourceLabel(item.resource, t)}
          />
        ),
      },
      ...eventColumns,
    ],
    [eventColumns, t],
  );
  return (
    <div className="partner-timeline">
      {figures && <FiguresChart partnerId={partnerId} figures={figures} />}
      <h3 className="activity-dialog__subtitle">{t('activity.timeline_stream')}</h3>
      <PagedTable<TimelineItem>
        columns={columns}
        query={query}
        table={paging}
        label="activity.timeline"
        emptyText="activity.timeline_empty"
        paginator="short"
        actions={details.action}
        actionsWidth="4.5rem"
        minWidth="52rem"
      />
      {details.dialog}
    </div>
  );
}

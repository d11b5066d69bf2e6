import { Button } from 'primereact/button';
import { DROPDOWN_PT } from '../../../shared/ui/passThrough';
import { Chart } from 'primereact/chart';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ListParams } from '../../../shared/api/list';
import { PAGE_SIZES } from '../../../shared/list/types';
import { usePartnersByCategoryQuery, usePartnersByCityQuery, useSupportByWeekQuery } from '../api';
import { amountForChart, formatAmount, formatCount, formatWeek } from '../numbers';
import '../templates.css';
import type { PartnerGroup, SupportWeek } from '../types';
import { OverviewTable, type OverviewColumn, type TableState } from './OverviewTable';

type ActiveFilter = 'all' | 'active' | 'inactive';

const CHART_COLOURS = { debt: '#e11d48', money: '#4f46e5', messages: '#0891b2' };

function toParams(state: TableState, active: ActiveFilter): ListParams {
  return {
    page: Math.floor(state.first / state.rows) + 1,
    per_page: state.rows,
    sort: state.sort,
    order: state.order,
    is_active: active === 'all' ? undefined : active === 'active' ? 1 : 0,
    filters: {},
  };
}

/** The charts write numbers in the page's language; counts have whole-number ticks. */
function chartOptions(language: string, counts: boolean) {
  return {
    locale: language,
    maintainAspectRatio: false,
    animation: false,
    plugins: { legend: { position: 'bottom' } },
    scales: { y: { beginAtZero: true, ticks: counts ? { precision: 0 } : {} } },
  };
}

/** Debt and money circulation of the groups shown, as bars (the table keeps the exact text). */
function groupChart(rows: PartnerGroup[], t: TFunction) {
  return {
    labels: rows.map((r) => r.name ?? t('templates.overview.no_city')),
    datasets: [
      { label: t('templates.overview.debt'), data: rows.map((r) => amountForChart(r.debt)), backgroundColor: CHART_COLOURS.debt },
      {
        label: t('templates.overview.money_circulation'),
        data: rows.map((r) => amountForChart(r.moneyCirculation)),
        backgroundColor: CHART_COLOURS.money,
      },
    ],
  };
}

function errorStatus(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'status' in error ? (error as { status: unknown }).status : undefined;
}

/**
 * /table-list: real figures of the partners (by city, by category) and of customer support (by
 * week), each as a server-paged, sorted table and a chart of the rows shown.
 */
export default function OverviewPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [active, setActive] = useState<ActiveFilter>('all');
  const first = { first: 0, rows: PAGE_SIZES[0] };
  const [byCity, setByCity] = useState<TableState>({ ...first, sort: 'debt', order: 'desc' });
  const [byCategory, setByCategory] = useState<TableState>({ ...first, sort: 'debt', order: 'desc' });
  const [byWeek, setByWeek] = useState<TableState>({ ...first, sort: 'week', order: 'desc' });

  const options = { refetchOnMountOrArgChange: true };
  const cities = usePartnersByCityQuery(toParams(byCity, active), options);
  const categories = usePartnersByCategoryQuery(toParams(byCategory, active), options);
  const weeks = useSupportByWeekQuery(toParams(byWeek, 'all'), options);

  const groupColumns = (header: string): OverviewColumn<PartnerGroup>[] => [
    { field: 'name', header, body: (row) => row.name ?? t('templates.overview.no_city') },
    { field: 'partners', header: 'templates.overview.partners', align: 'right', body: (row) => formatCount(row.partners, language) },
    { field: 'debt', header: 'templates.overview.debt', align: 'right', body: (row) => formatAmount(row.debt, language) },
    {
      field: 'moneyCirculation',
      header: 'templates.overview.money_circulation',
      align: 'right',
      body: (row) => formatAmount(row.moneyCirculation, language),
    },
  ];
  const weekColumns: OverviewColumn<SupportWeek>[] = [
    { field: 'week', header: 'templates.overview.week', body: (row) => formatWeek(row.week, language) },
    { field: 'messages', header: 'templates.overview.messages', align: 'right', body: (row) => formatCount(row.messages, language) },
    {
      field: 'partners',
      header: 'templates.overview.writing_partners',
      align: 'right',
      body: (row) => formatCount(row.partners, language),
    },
  ];

  const cityChart = useMemo(() => groupChart(cities.data?.items ?? [], t), [cities.data, t]);
  const categoryChart = useMemo(() => groupChart(categories.data?.items ?? [], t), [categories.data, t]);
  const weekChart = useMemo(() => {
    // Oldest first, however the table is sorted.
    const rows = [...(weeks.data?.items ?? [])].sort((a, b) => a.week.localeCompare(b.week));
    return {
      labels: rows.map((r) => formatWeek(r.week, language)),
      datasets: [
        { label: t('templates.overview.messages'), data: rows.map((r) => r.messages), backgroundColor: CHART_COLOURS.messages },
      ],
    };
  }, [weeks.data, language, t]);

  const amountChart = useMemo(() => chartOptions(language, false), [language]);
  const countChart = useMemo(() => chartOptions(language, true), [language]);

  const activeOptions = [
    { label: t('templates.overview.partners_all'), value: 'all' },
    { label: t('templates.overview.partners_active'), value: 'active' },
    { label: t('templates.overview.partners_inactive'), value: 'inactive' },
  ];
  const onActive = (value: ActiveFilter) => {
    setActive(value);
    setByCity((s) => ({ ...s, first: 0 }));
    setByCategory((s) => ({ ...s, first: 0 }));
  };

  const sections = [
    {
      key: 'city',
      title: 'templates.overview.by_city',
      chart: cityChart,
      table: (
        <OverviewTable
          rows={cities.data?.items ?? []}
          total={cities.data?.total ?? 0}
          dataKey="id"
          columns={groupColumns('templates.overview.city')}
          state={byCity}
          onChange={setByCity}
          loading={cities.isFetching}
        />
      ),
    },
    {
      key: 'category',
      title: 'templates.overview.by_category',
      note: 'templates.overview.category_note',
      chart: categoryChart,
      table: (
        <OverviewTable
          rows={categories.data?.items ?? []}
          total={categories.data?.total ?? 0}
          dataKey="id"
          columns={groupColumns('templates.overview.category')}
          state={byCategory}
          onChange={setByCategory}
          loading={categories.isFetching}
        />
      ),
    },
  ];

  const weeksForbidden = errorStatus(weeks.error) === 403;

  return (
    <section className="template-page" aria-labelledby="overview-title">
      <header className="template-page__header">
        <div>
          <h1 id="overview-title" className="page-title">
            {t('templates.overview.title')}
          </h1>
          <p className="page-intro">{t('templates.overview.intro')}</p>
        </div>
        <div className="template-page__tools">
          <Dropdown
            pt={DROPDOWN_PT}
            value={active}
            options={activeOptions}
            onChange={(e) => onActive(e.value as ActiveFilter)}
            ariaLabel={t('templates.overview.partners_filter')}
            aria-label={t('templates.overview.partners_filter')}
          />
          <Button
            type="button"
            icon="pi pi-refresh"
            rounded
            text
            aria-label={t('table.refresh')}
            title={t('table.refresh')}
            onClick={() => {
              void cities.refetch();
              void categories.refetch();
              if (!weeksForbidden) void weeks.refetch();
            }}
          />
        </div>
      </header>

      {sections.map((s) => (
        <section key={s.key} className="overview-section" aria-labelledby={`overview-${s.key}`} data-overview={s.key}>
          <h2 id={`overview-${s.key}`} className="template-section__title">
            {t(s.title)}
          </h2>
          {s.note && <p className="template-section__note">{t(s.note)}</p>}
          <div className="overview-section__body">
            <div className="overview-section__table">{s.table}</div>
            <div className="overview-section__chart">
              <Chart
                type="bar"
                data={s.chart}
                options={amountChart}
                pt={{ canvas: { role: 'img', 'aria-label': t('templates.overview.chart_of', { title: t(s.title) }) } }}
              />
            </div>
          </div>
        </section>
      ))}

      <section className="overview-section" aria-labelledby="overview-week" data-overview="week">
        <h2 id="overview-week" className="template-section__title">
          {t('templates.overview.by_week')}
        </h2>
        <p className="template-section__note">{t('templates.overview.week_note')}</p>
        {weeksForbidden ? (
          <Message severity="warn" text={t('templates.overview.support_forbidden')} className="overview-forbidden" />
        ) : weeks.error ? (
          <Message severity="error" text={t('errors.generic')} />
        ) : (
          <div className="overview-section__body">
            <div className="overview-section__table">
              <OverviewTable
                rows={weeks.data?.items ?? []}
                total={weeks.data?.total ?? 0}
                dataKey="week"
                columns={weekColumns}
                state={byWeek}
                onChange={setByWeek}
                loading={weeks.isFetching}
              />
            </div>
            <div className="overview-section__chart">
              <Chart
                type="bar"
                data={weekChart}
                options={countChart}
                pt={{ canvas: { role: 'img', 'aria-label': t('templates.overview.chart_of', { title: t('templates.overview.by_week') }) } }}
              />
            </div>
          </div>
        )}
      </section>
    </section>
  );
}

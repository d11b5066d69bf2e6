import { Button } from 'primereact/button';
import { Paginator } from 'primereact/paginator';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePermissions } from '../../../shared/auth/permissions';
import { amountProblemKey, amountToApi, COUNT, formatAmount } from '../../../shared/format/amount';
import { formatIsoDate, toIsoDate, todayIso } from '../../../shared/format/date';
import { DayPicker } from '../../../shared/form/DateField';
import { BurndownChart } from './BurndownChart';
import {
  useCampaignBurndownQuery,
  useCampaignFiguresQuery,
  useDebtRiseQuery,
  useDebtRiseThresholdQuery,
  usePushWeekQuery,
  useSetDebtRiseThresholdMutation,
  useSupportByTypeQuery,
} from './api';

/** The debt-rise table's page size. */
export const DEBT_RISE_ROWS = 10;

/** The default "since": thirty days back. */
function monthAgo(now: Date = new Date()): string {
  const d = new Date(now);
  d.setDate(d.getDate() - 30);
  return toIsoDate(d);
}

function Block({ id, title, link, children }: { id: string; title: string; link?: ReactNode; children: ReactNode }) {
  return (
    <section className="figure-block" aria-labelledby={`${id}-title`} data-figures={id}>
      <header className="figure-block__header">
        <h3 id={`${id}-title`} className="figure-block__title">
          {title}
        </h3>
        {link}
      </header>
      {children}
    </section>
  );
}

function Loading({ loading, error }: { loading: boolean; error: boolean }) {
  const { t } = useTranslation();
  if (error) return <p className="figure-block__note">{t('home.figures.failed')}</p>;
  if (loading) return <p className="figure-block__note">{t('table.loading')}</p>;
  return null;
}

/** Per active campaign: cash granted, spent and remaining, and the chosen campaign's burn-down. */
function CampaignBlock() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { data, isLoading, isError } = useCampaignFiguresQuery();
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const selectId = useId();
  const campaigns = data ?? [];
  const shown = chosen ?? campaigns[0]?.id;
  const burndown = useCampaignBurndownQuery(shown ?? 0, { skip: shown === undefined });
  return (
    <Block id="campaigns" title={t('home.figures.campaigns.title')}>
      <Loading loading={isLoading} error={isError} />
      {data && campaigns.length === 0 && <p className="figure-block__note">{t('home.figures.campaigns.none')}</p>}
      {campaigns.length > 0 && (
        <div className="figure-table-wrap">
          <table className="figure-table">
            <thead>
              <tr>
                <th scope="col">{t('home.figures.campaigns.name')}</th>
                <th scope="col" className="num">
                  {t('home.figures.campaigns.granted')}
                </th>
                <th scope="col" className="num">
                  {t('home.figures.campaigns.spent')}
                </th>
                <th scope="col" className="num">
                  {t('home.figures.campaigns.remaining')}
                </th>
              </tr>
            </thead>
            <tbody>
              {campaigns.map((c) => (
                <tr key={c.id} data-campaign={c.id}>
                  <th scope="row">
                    <Link to={`/campaigns/${c.id}?tab=partners`} data-link="campaign-partners">
                      {c.name}
                    </Link>
                  </th>
                  <td className="num figure" data-figure="granted">
                    {formatAmount(c.granted, language)}
                  </td>
                  <td className="num figure" data-figure="spent">
                    <Link to={`/campaigns/${c.id}?tab=cart`} data-link="campaign-cart">
                      {formatAmount(c.spent, language)}
                    </Link>
                  </td>
                  <td className="num figure" data-figure="remaining">
                    {formatAmount(c.remaining, language)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {campaigns.length > 0 && shown !== undefined && (
        <div className="figure-block__chart">
          <label htmlFor={selectId} className="figure-block__label">
            {t('home.figures.campaigns.burndown')}
          </label>
          <select id={selectId} value={shown} onChange={(e) => setChosen(Number(e.target.value))} className="figure-select">
            {campaigns.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          {burndown.data && burndown.data.id === shown && (
            <BurndownChart days={burndown.data.days} granted={burndown.data.granted} title={burndown.data.name} />
          )}
        </div>
      )}
    </Block>
  );
}

/** Push of the last seven days: sent, delivered, failed and why. */
function PushBlock() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { data, isLoading, isError } = usePushWeekQuery();
  const link = data && data.from_id > 0 ? `/notifications?id=${encodeURIComponent(`>=${data.from_id}`)}` : '/notifications';
  const figures: [key: string, value: number][] = data
    ? [
        ['notifications', data.notifications],
        ['devices', data.devices],
        ['delivered', data.delivered],
        ['failed', data.failed],
        ['pending', data.pending],
      ]
    : [];
  return (
    <Block
      id="push"
      title={t('home.figures.push.title')}
      link={
        <Link to={link} className="figure-block__link" data-link="notifications">
          {t('home.figures.open_list')}
        </Link>
      }
    >
      <Loading loading={isLoading} error={isError} />
      {data && (
        <>
          <dl className="figure-stats">
            {figures.map(([key, value]) => (
              <div key={key} className={`figure-stat figure-stat--${key}`} data-figure={key}>
                <dt>{t(`home.figures.push.${key}`)}</dt>
                <dd className="figure">{formatAmount(value, language, COUNT)}</dd>
              </div>
            ))}
          </dl>
          <h4 className="figure-block__subtitle">{t('home.figures.push.reasons')}</h4>
          {data.reasons.length === 0 ? (
            <p className="figure-block__note">{t('home.figures.push.no_failures')}</p>
          ) : (
            <ul className="figure-reasons">
              {data.reasons.map((r) => (
                <li key={r.reason} data-reason={r.reason}>
                  <code>{r.reason}</code>
                  <span className="figure">{formatAmount(r.count, language, COUNT)}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Block>
  );
}

/** The threshold and, for a role that may change it, its form. */
function ThresholdForm() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { can } = usePermissions();
  const { data } = useDebtRiseThresholdQuery();
  const [save, { isLoading }] = useSetDebtRiseThresholdMutation();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  useEffect(() => {
    if (data) setText(formatAmount(data.threshold, language));
  }, [data, language]);
  if (!data) return null;
  if (!can('overviewSettings', 'write')) {
    return (
      <p className="figure-block__note" data-threshold={data.threshold}>
        {t('home.figures.debt.threshold_is', { threshold: formatAmount(data.threshold, language) })}
      </p>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const key = amountProblemKey(text, language);
    const value = amountToApi(text, language);
    const n = Number(value);
    if (key || !(n > 0 && n <= 1000)) {
      setProblem(key ?? 'home.figures.debt.threshold_range');
      return;
    }
    setProblem(null);
    save({ threshold: value, version: data.version })
      .unwrap()
      .catch(() => undefined);
  };
  return (
    <form className="threshold-form" onSubmit={submit} data-threshold={data.threshold}>
      <label htmlFor={inputId}>{t('home.figures.debt.threshold')}</label>
      <span className="threshold-form__field">
        <input
          id={inputId}
          className="p-inputtext threshold-form__input"
          inputMode="decimal"
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
        />
        <span aria-hidden="true">%</span>
      </span>
      <Button type="submit" label={t('home.figures.debt.save')} size="small" loading={isLoading} />
      {problem && (
        <small id={errorId} className="p-error threshold-form__error">
          {t(problem)}
        </small>
      )}
    </form>
  );
}

/** Partners whose debt rose past the threshold since a date the user picks. */
function DebtRiseBlock() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [since, setSince] = useState(monthAgo);
  const [first, setFirst] = useState(0);
  const sinceId = useId();
  const today = todayIso();
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(since) && since <= today;
  const { data, isLoading, isError, isFetching } = useDebtRiseQuery(
    { since, page: Math.floor(first / DEBT_RISE_ROWS) + 1, per_page: DEBT_RISE_ROWS },
    { skip: !valid },
  );
  return (
    <Block id="debt" title={t('home.figures.debt.title')}>
      <div className="figure-block__tools">
        <label htmlFor={sinceId} className="figure-block__label">
          {t('home.figures.debt.since')}
        </label>
        <span data-since={since}>
          <DayPicker
            id={sinceId}
            className="figure-date"
            value={since}
            maxDate={today}
            onChange={(day) => {
              setSince(day);
              setFirst(0);
            }}
          />
        </span>
        <ThresholdForm />
      </div>
      <Loading loading={isLoading} error={isError} />
      {data && (
        <>
          <p className="figure-block__summary" data-figure="debt-total" data-total={data.total} aria-live="polite">
            {t('home.figures.debt.summary', {
              total: formatAmount(data.total, language, COUNT),
              threshold: formatAmount(data.threshold, language),
              since: formatIsoDate(since, language),
            })}
          </p>
          {data.items.length > 0 && (
            <div className="figure-table-wrap">
              <table className="figure-table" aria-busy={isFetching}>
                <thead>
                  <tr>
                    <th scope="col">{t('home.figures.debt.partner')}</th>
                    <th scope="col" className="num">
                      {t('home.figures.debt.then')}
                    </th>
                    <th scope="col" className="num">
                      {t('home.figures.debt.now')}
                    </th>
                    <th scope="col" className="num">
                      {t('home.figures.debt.rise')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((p) => (
                    <tr key={p.id} data-partner={p.id}>
                      <th scope="row">
                        <Link to={`/partners?id=${p.id}`} data-link="partner">
                          {p.name}
                        </Link>
                      </th>
                      <td className="num figure">{formatAmount(p.then, language)}</td>
                      <td className="num figure">{formatAmount(p.now, language)}</td>
                      <td className="num figure">{p.rise === null ? t('home.figures.debt.from_zero') : formatAmount(`${p.rise}%`, language)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {data.total > DEBT_RISE_ROWS && (
            <Paginator
              first={first}
              rows={DEBT_RISE_ROWS}
              totalRecords={data.total}
              onPageChange={(e) => setFirst(e.first)}
              template="PrevPageLink CurrentPageReport NextPageLink"
              currentPageReportTemplate={t('home.figures.debt.page', { first: '{first}', last: '{last}', total: '{totalRecords}' })}
            />
          )}
        </>
      )}
    </Block>
  );
}

/** Open support messages by type, each a link to the support list filtered to it. */
function SupportBlock() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { data, isLoading, isError } = useSupportByTypeQuery();
  return (
    <Block
      id="support"
      title={t('home.figures.support.title')}
      link={
        <Link to="/customerService?is_active=1" className="figure-block__link" data-link="support">
          {t('home.figures.open_list')}
        </Link>
      }
    >
      <Loading loading={isLoading} error={isError} />
      {data && (
        <ul className="figure-types">
          {data.map((type) => (
            <li key={type.id} data-type={type.name}>
              <Link to={`/customerService?type_name=${encodeURIComponent(type.name)}&is_active=1`} data-link="support-type">
                <span>{type.name}</span>
                <span className="figure" data-figure="open">
                  {formatAmount(type.open, language, COUNT)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Block>
  );
}

/**
 * The figures beneath the home cards (issue 25): a block per resource the role may read
 * (campaigns, notifications, partners, customer support); the others are not offered.
 */
export default function HomeFigures() {
  const { t } = useTranslation();
  const perms = usePermissions();
  if (!perms.ready) return null;
  const blocks = [
    perms.can('campaigns') && <CampaignBlock key="campaigns" />,
    perms.can('notifications') && <PushBlock key="push" />,
    perms.can('partners') && <DebtRiseBlock key="debt" />,
    perms.can('customerSupport') && <SupportBlock key="support" />,
  ].filter(Boolean);
  if (blocks.length === 0) return null;
  return (
    <section className="home-figures" aria-labelledby="home-figures-title">
      <h2 id="home-figures-title" className="home__more-title">
        {t('home.figures.title')}
      </h2>
      <div className="home-figures__grid">{blocks}</div>
    </section>
  );
}

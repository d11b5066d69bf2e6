import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { COUNT, useAmountFormat } from '../../shared/format/amount';
import type { PushNotification } from './types';

type Figures = Pick<PushNotification, 'devices' | 'delivered' | 'failed' | 'pending' | 'not_configured'>;

/** Share of the devices, in percent, rounded down so "100 %" means every one. */
const share = (part: number, whole: number) => (whole > 0 ? Math.floor((part / whole) * 100) : 0);

/** A list row's figures: "delivered / devices", and chips for failed and pending ones. */
export function FiguresCell({ figures }: { figures: Figures }) {
  const { t } = useTranslation();
  const format = useAmountFormat();
  const n = (value: number) => format(value, COUNT);
  return (
    <span className="push-figures">
      <span className="figure" title={t('push.delivered_of_devices')}>
        {n(figures.delivered)} / {n(figures.devices)}
      </span>
      {figures.failed > 0 && (
        <Tag severity="danger" rounded className="list-chip" value={t('push.failed_count', { n: n(figures.failed) })} />
      )}
      {figures.pending > 0 && (
        <Tag severity="warning" rounded className="list-chip" icon="pi pi-spin pi-spinner" value={t('push.pending_count', { n: n(figures.pending) })} />
      )}
      {figures.not_configured > 0 && (
        <Tag rounded className="list-chip chip-muted" value={t('push.not_configured_count', { n: n(figures.not_configured) })} />
      )}
    </span>
  );
}

/**
 * The delivery view's figures: devices and each state's count, and a bar of how far the delivery
 * has come (every delivery no longer pending), coloured by outcome.
 */
export function DeliveryFigures({ figures }: { figures: Figures }) {
  const { t } = useTranslation();
  const format = useAmountFormat();
  const n = (value: number) => format(value, COUNT);
  const { devices, delivered, failed, pending, not_configured: notConfigured } = figures;
  const done = devices - pending;
  const percent = share(done, devices);
  const tiles = [
    { key: 'devices', value: devices },
    { key: 'delivered', value: delivered },
    { key: 'failed', value: failed },
    { key: 'pending', value: pending },
    { key: 'not_configured', value: notConfigured },
  ];
  const width = (part: number) => (devices > 0 ? `${(part / devices) * 100}%` : '0%');
  return (
    <section className="push-figures-panel" aria-labelledby="push-figures-title">
      <h2 id="push-figures-title" className="push-section-title">
        {t('push.figures')}
      </h2>
      <dl className="push-tiles">
        {tiles.map((tile) => (
          <div key={tile.key} className={`push-tile push-tile--${tile.key}`} data-figure={tile.key}>
            <dt>{t(`push.figure.${tile.key}`)}</dt>
            <dd className="figure">{n(tile.value)}</dd>
          </div>
        ))}
      </dl>
      <div
        className="push-progress"
        role="progressbar"
        aria-label={t('push.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t('push.progress_text', { done: n(done), devices: n(devices), percent })}
      >
        <span className="push-progress__part push-progress__part--delivered" style={{ width: width(delivered) }} />
        <span className="push-progress__part push-progress__part--failed" style={{ width: width(failed) }} />
        <span className="push-progress__part push-progress__part--not_configured" style={{ width: width(notConfigured) }} />
      </div>
      <p className="push-progress__text">
        {pending > 0 ? (
          <>
            <i className="pi pi-spin pi-spinner" aria-hidden /> {t('push.in_progress', { done: n(done), devices: n(devices), percent })}
          </>
        ) : devices === 0 ? (
          t('push.no_devices')
        ) : (
          t('push.finished', { done: n(done), devices: n(devices) })
        )}
      </p>
    </section>
  );
}

import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { formatIsoDate, formatIsoDates } from '../../shared/format/date';
import { ActiveChip } from '../../shared/list/ActiveChip';
import { formatDateTime } from '../../shared/notifications/format';
import { DIALOG_WIDTH, dialogStyle } from '../../shared/ui/dialogWidth';
import { useGetSliderQuery } from './api';
import { VisibilityChip } from '../../shared/ui/VisibilityChip';
import { SEMINAR, sliderTypeKey, type Slider } from './types';

interface SliderDetailsDialogProps {
  slider: Slider | null;
  visible: boolean;
  onHide: () => void;
}

/**
 * The page's HTML as shown here: an image the server kept without a text alternative is marked
 * decorative (alt=""), so a screen reader does not read its address. Parsed in an inert
 * document; the HTML itself is the server's safe subset.
 */
function withImageAlternatives(html: string): string {
  if (!/<img\b/i.test(html)) return html;
  const body = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body;
  for (const img of Array.from(body.querySelectorAll('img:not([alt])'))) img.setAttribute('alt', '');
  return body.innerHTML;
}

/**
 * Spec §2 "Sliders list": the details of a page (Promocija, Seminar) with its content,
 * page_content_details, shown as the HTML it is (the server keeps only a safe subset of HTML).
 */
export function SliderDetailsDialog({ slider: row, visible, onHide }: SliderDetailsDialogProps) {
  const { t, i18n } = useTranslation();
  // The row shows at once; GET /api/sliders/{id} brings the content as it is now.
  const { data: fresh } = useGetSliderQuery(row?.id ?? 0, { skip: !visible || !row, refetchOnMountOrArgChange: true });
  const slider = row && fresh?.id === row.id ? fresh : row;
  const hasWindow = slider && (slider.start_date || slider.end_date);
  return (
    <Dialog
      visible={visible}
      onHide={onHide}
      header={slider ? t('sliders.details_title', { name: slider.name }) : ''}
      modal
      dismissableMask
      draggable={false}
      resizable={false}
      blockScroll
      style={dialogStyle(DIALOG_WIDTH.wide)}
      className="details-dialog slider-details"
      // A long page scrolls inside the dialog: the scrolling part takes the keyboard too.
      pt={{
        content: {
          tabIndex: 0,
          role: 'region',
          'aria-label': slider ? t('sliders.details_title', { name: slider.name }) : undefined,
        },
      }}
      footer={<Button type="button" label={t('dialog.close')} icon="pi pi-times" onClick={onHide} autoFocus />}
    >
      {slider && (
        <div className="slider-details__body">
          <dl className="slider-details__facts">
            <div>
              <dt>{t('sliders.type')}</dt>
              <dd>{t(sliderTypeKey(slider.type))}</dd>
            </div>
            <div>
              <dt>{t('sliders.categories')}</dt>
              <dd>{slider.category_names}</dd>
            </div>
            {slider.type === SEMINAR && (
              <div>
                <dt>{t('sliders.dates')}</dt>
                <dd data-testid="details-dates">
                  {slider.dates.length > 0 ? formatIsoDates(slider.dates, i18n.language) : '—'}
                </dd>
              </div>
            )}
            <div>
              <dt>{t('sliders.window')}</dt>
              <dd>
                {hasWindow
                  ? `${slider.start_date ? formatIsoDate(slider.start_date, i18n.language) : '…'} – ${
                      slider.end_date ? formatIsoDate(slider.end_date, i18n.language) : '…'
                    }`
                  : t('sliders.window_always')}
              </dd>
            </div>
            {slider.push_notification && (
              <div>
                <dt>{t('sliders.notification_text')}</dt>
                <dd>{slider.notification_text}</dd>
              </div>
            )}
            <div>
              <dt>{t('table.status')}</dt>
              <dd className="slider-details__chips">
                <VisibilityChip visible={slider.is_visible} labels={{ visible: 'sliders.visible', hidden: 'sliders.hidden' }} />
                <ActiveChip active={slider.is_active} />
              </dd>
            </div>
            <div>
              <dt>{t('catalog.updated_at')}</dt>
              <dd>{formatDateTime(slider.updated_at, i18n.language)}</dd>
            </div>
          </dl>
          {slider.wyswygimg_url && (
            <img className="slider-details__extra" src={slider.wyswygimg_url} alt={t('sliders.wyswygimg')} />
          )}
          <section className="slider-content" aria-label={t('sliders.page_content')} data-testid="details-content">
            {slider.page_content_details ? (
              // Safe HTML: the server's sanitiser keeps no script, style, event attribute or foreign image.
              <div dangerouslySetInnerHTML={{ __html: withImageAlternatives(slider.page_content_details) }} />
            ) : (
              <p className="slider-content__empty">{t('sliders.no_content')}</p>
            )}
          </section>
        </div>
      )}
    </Dialog>
  );
}

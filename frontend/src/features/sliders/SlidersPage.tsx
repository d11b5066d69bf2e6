import { BULK_LISTS } from '../../shared/bulk/lists';
import { useCanWrite } from '../../shared/auth/permissions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../shared/list/ListPage';
import type { ListColumn, RowAction } from '../../shared/list/types';
import { formatDateTime } from '../../shared/notifications/format';
import { VisibilityChip } from '../../shared/ui/VisibilityChip';
import { useListSlidersQuery, useToggleSliderMutation, useToggleSliderVisibilityMutation } from './api';
import { SliderDetailsDialog } from './SliderDetailsDialog';
import { SliderFormDialog } from './SliderFormDialog';
import { SliderPartnersDialog, type SliderPartnersMode } from './SliderPartnersDialog';
import { PROMOCIJA, SEMINAR, SLIDER_TYPES, SLIKA, sliderTypeKey, type Slider } from './types';
import './sliders.css';

function UpdatedAt({ value }: { value: string }) {
  const { i18n } = useTranslation();
  return (
    <time dateTime={value} className="nowrap">
      {formatDateTime(value, i18n.language)}
    </time>
  );
}

function TypeName({ type }: { type: number }) {
  const { t } = useTranslation();
  return <span className={`slider-type slider-type--${type}`}>{t(sliderTypeKey(type))}</span>;
}

const VISIBILITY_LABELS = { visible: 'sliders.visible', hidden: 'sliders.hidden' };

const columns: ListColumn<Slider>[] = [
  { field: 'updated_at', header: 'sliders.updated_at', width: '10rem', body: (s) => <UpdatedAt value={s.updated_at} /> },
  {
    field: 'name',
    header: 'sliders.name',
    filter: true,
    width: '15rem',
    body: (s) => (
      <span className="slider-name">
        <img className="product-thumb" src={s.thumb_url} alt="" width={44} height={44} loading="lazy" />
        <span>{s.name}</span>
      </span>
    ),
  },
  {
    field: 'category_names',
    header: 'sliders.categories',
    filter: true,
    width: '13rem',
    body: (s) => <span className="cell-clamp">{s.category_names}</span>,
  },
  {
    field: 'type',
    header: 'sliders.type',
    filter: true,
    filterOptions: SLIDER_TYPES.map((type) => ({ value: String(type), label: sliderTypeKey(type) })),
    width: '10rem',
    body: (s) => <TypeName type={s.type} />,
  },
  {
    field: 'is_visible',
    header: 'sliders.visibility',
    filter: true,
    filterOptions: [
      { value: '1', label: 'sliders.visible' },
      { value: '0', label: 'sliders.hidden' },
    ],
    width: '10rem',
    body: (s) => <VisibilityChip visible={s.is_visible} labels={VISIBILITY_LABELS} />,
  },
];

interface Shown<M = undefined> {
  slider: Slider | null;
  visible: boolean;
  mode?: M;
}

/**
 * Spec §2 "Sliders list": the generic list newest first, with per-type actions: the seminar's
 * sign-ups, the promotion's orders, show/hide behind a confirmation, a page's details, edit and
 * deactivate/reactivate.
 */
export default function SlidersPage() {
  const canWrite = useCanWrite('sliders');
  // Each dialog keeps its slider while it animates out.
  const [details, setDetails] = useState<Shown>({ slider: null, visible: false });
  const [partners, setPartners] = useState<Shown<SliderPartnersMode>>({ slider: null, visible: false, mode: 'signups' });

  const actions: RowAction<Slider>[] = [
    {
      key: 'signups',
      icon: 'pi pi-users',
      label: 'sliders.signups',
      visible: (s) => s.type === SEMINAR,
      onClick: (slider) => setPartners({ slider, visible: true, mode: 'signups' }),
    },
    {
      key: 'orders',
      icon: 'pi pi-shopping-cart',
      label: 'sliders.orders',
      visible: (s) => s.type === PROMOCIJA,
      onClick: (slider) => setPartners({ slider, visible: true, mode: 'orders' }),
    },
    {
      key: 'details',
      icon: 'pi pi-file',
      label: 'sliders.details',
      visible: (s) => s.type !== SLIKA,
      onClick: (slider) => setDetails({ slider, visible: true }),
    },
  ];

  return (
    <>
      <ListPage<Slider>
        title="sliders.title"
        viewList="sliders"
        columns={columns}
        defaultSort={{ field: 'updated_at', order: 'desc' }}
        useList={useListSlidersQuery}
        canWrite={canWrite}
        bulk={BULK_LISTS.sliders}
        useToggle={useToggleSliderMutation}
        // 422 (inactive, or a seminar whose dates are all past): the error dialog says why.
        visibility={{ useToggle: useToggleSliderVisibilityMutation, keyPrefix: 'sliders', after: 'orders' }}
        rowLabel={(s) => s.name}
        rowActions={actions}
        renderForm={(props) => <SliderFormDialog {...props} />}
      />
      <SliderDetailsDialog
        slider={details.slider}
        visible={details.visible}
        onHide={() => setDetails((d) => ({ ...d, visible: false }))}
      />
      <SliderPartnersDialog
        slider={partners.slider}
        mode={partners.mode ?? 'signups'}
        visible={partners.visible}
        canWrite={canWrite}
        onHide={() => setPartners((p) => ({ ...p, visible: false }))}
      />
    </>
  );
}

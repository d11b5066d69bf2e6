import { BULK_LISTS } from '../../shared/bulk/lists';
import { useCanWrite } from '../../shared/auth/permissions';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FIGURE, formatAmount } from '../../shared/format/amount';
import { ListPage } from '../../shared/list/ListPage';
import type { ListColumn } from '../../shared/list/types';
import { useListPartnersQuery, useTogglePartnerMutation } from './api';
import { ExcelUploadDialog } from './ExcelUploadDialog';
import { PartnerFormDialog } from './PartnerFormDialog';
import { PartnersExcelButtons } from './PartnersExcelButtons';
import { type FigureField, type Partner } from './types';
import './partners.css';

/**
 * A figure column: the server's exact text in the language's number format (AmountText's
 * markup), filtered with the figure syntax. The language comes with the columns rather than
 * from a hook in each of a page's 60 figure cells; the table is drawn anew when it changes.
 */
const figure = (field: FigureField, language: string): ListColumn<Partner> => ({
  field,
  header: `partners.${field}`,
  filter: true,
  filterPlaceholder: 'partners.figure_filter_placeholder',
  filterHint: 'partners.figure_filter_hint',
  align: 'right',
  width: '8.5rem',
  body: (p) => <span className="figure">{formatAmount(p[field], language, FIGURE)}</span>,
});

const columnsIn = (language: string): ListColumn<Partner>[] => [
  {
    field: 'id',
    header: 'partners.id',
    filter: true,
    filterPlaceholder: 'partners.id_filter_placeholder',
    align: 'right',
    width: '8rem',
    body: (p) => <span className="figure">{p.id}</span>,
  },
  { field: 'name', header: 'partners.name', filter: true, width: '15rem', pinned: true },
  { field: 'phone', header: 'partners.phone', filter: true, width: '10rem', body: (p) => <span className="nowrap">{p.phone}</span> },
  {
    field: 'category_names',
    header: 'partners.categories',
    filter: true,
    width: '13rem',
    body: (p) => <span className="cell-clamp">{p.category_names}</span>,
  },
  { field: 'city_name', header: 'partners.city', filter: true, width: '9rem' },
  figure('debt', language),
  figure('moneyCirculation', language),
  figure('annualPlan', language),
  figure('payment', language),
  figure('bonus', language),
  figure('toolCash', language),
];

/** Spec §2 "Partners": the generic list with 13 columns, figure filters and the Excel round trip. */
export default function PartnersPage() {
  const canWrite = useCanWrite('partners');
  const { i18n } = useTranslation();
  const columns = useMemo(() => columnsIn(i18n.language), [i18n.language]);
  const [upload, setUpload] = useState({ visible: false, key: 0 });

  return (
    <>
      <ListPage<Partner>
        title="partners.title"
        viewList="partners"
        columns={columns}
        defaultSort={{ field: 'id', order: 'asc' }}
        useList={useListPartnersQuery}
        canWrite={canWrite}
        bulk={BULK_LISTS.partners}
        useToggle={useTogglePartnerMutation}
        rowLabel={(p) => p.name}
        renderForm={(props) => <PartnerFormDialog {...props} />}
        tableMinWidth="112rem"
        toolbarExtra={(params) => (
          <PartnersExcelButtons params={params} canWrite={canWrite} onUpload={() => setUpload((u) => ({ visible: true, key: u.key + 1 }))} />
        )}
      />
      <ExcelUploadDialog
        key={upload.key}
        visible={upload.visible}
        onHide={() => setUpload((u) => ({ ...u, visible: false }))}
      />
    </>
  );
}

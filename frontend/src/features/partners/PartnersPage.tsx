import { useCanWrite } from '../../shared/auth/permissions';
import { useState } from 'react';
import { FIGURE } from '../../shared/format/amount';
import { AmountText } from '../../shared/format/AmountText';
import { ListPage } from '../../shared/list/ListPage';
import type { ListColumn } from '../../shared/list/types';
import { useListPartnersQuery, useTogglePartnerMutation } from './api';
import { ExcelUploadDialog } from './ExcelUploadDialog';
import { PartnerFormDialog } from './PartnerFormDialog';
import { PartnersExcelButtons } from './PartnersExcelButtons';
import { type FigureField, type Partner } from './types';
import './partners.css';

/** A figure column: the server's exact text in the language's number format, filtered with the figure syntax. */
const figure = (field: FigureField): ListColumn<Partner> => ({
  field,
  header: `partners.${field}`,
  filter: true,
  filterPlaceholder: 'partners.figure_filter_placeholder',
  filterHint: 'partners.figure_filter_hint',
  align: 'right',
  width: '8.5rem',
  body: (p) => <AmountText value={p[field]} precision={FIGURE} />,
});

const columns: ListColumn<Partner>[] = [
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
  figure('debt'),
  figure('moneyCirculation'),
  figure('annualPlan'),
  figure('payment'),
  figure('bonus'),
  figure('toolCash'),
];

/** Spec §2 "Partners": the generic list with 13 columns, figure filters and the Excel round trip. */
export default function PartnersPage() {
  const canWrite = useCanWrite('partners');
  const [upload, setUpload] = useState({ visible: false, key: 0 });

  return (
    <>
      <ListPage<Partner>
        title="partners.title"
        columns={columns}
        defaultSort={{ field: 'id', order: 'asc' }}
        useList={useListPartnersQuery}
        canWrite={canWrite}
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

import { useCanWrite } from '../../../shared/auth/permissions';
import { Button } from 'primereact/button';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveObjectUrl } from '../../../shared/api/download';
import type { BulkConfig } from '../../../shared/bulk/types';
import { useBulk } from '../../../shared/bulk/useBulk';
import { ExcelUploadDialog } from '../../../shared/excel/ExcelUploadDialog';
import { AmountText } from '../../../shared/format/AmountText';
import { FIGURE } from '../../../shared/format/amount';
import { useSnackbar } from '../../../shared/snackbar/snackbarContext';
import { IconButton } from '../../../shared/ui/IconButton';
import { MOBILE_QUERY, useMediaQuery } from '../../../shared/ui/useMediaQuery';
import {
  tabTag,
  useLazyCampaignCategoryIdsQuery,
  useCampaignPartnersQuery,
  useDownloadCampaignPartnersMutation,
  usePreviewCampaignPartnersImportMutation,
  useRemoveCampaignPartnerMutation,
  useSaveCampaignPartnersImportMutation,
} from '../api';
import type { CampaignPartner } from '../types';
import { CashDialog } from './CashDialog';
import { ChoosePartnersDialog } from './ChoosePartnersDialog';
import { RemoveConfirm } from './RemoveConfirm';
import { TabTable } from './TabTable';
import { useTabTableState, type TabColumn } from './useTabTableState';

export const PARTNERS_FILE_NAME = 'Partners.xlsx';

function PartnerName({ partner }: { partner: CampaignPartner }) {
  const { t } = useTranslation();
  if (partner.in_categories) return <span>{partner.name}</span>;
  const why = t('campaigns.not_in_categories');
  return (
    <span className="campaign-partner--outside">
      <i className="pi pi-exclamation-triangle" aria-hidden title={why} />
      <span>{partner.name}</span>
      <span className="campaign-partner__warning">{why}</span>
    </span>
  );
}

const columns: TabColumn<CampaignPartner>[] = [
  { field: 'id', header: 'campaigns.partner_id', sortable: true, filter: true, width: '7rem', filterPlaceholder: 'campaigns.exact_id' },
  { field: 'name', header: 'campaigns.partner_name', sortable: true, filter: true, body: (p) => <PartnerName partner={p} /> },
  { field: 'phone', header: 'campaigns.phone', sortable: true, filter: true, width: '10rem' },
  {
    field: 'category_names',
    header: 'campaigns.categories',
    sortable: true,
    filter: true,
    body: (p) => <span className="cell-clamp">{p.category_names}</span>,
  },
  { field: 'city', header: 'campaigns.city', filter: true, width: '9rem' },
  {
    field: 'cash',
    header: 'campaigns.cash',
    sortable: true,
    filter: true,
    align: 'right',
    width: '10rem',
    filterPlaceholder: 'campaigns.cash_filter',
    body: (p) => <AmountText value={p.pivot.cash} precision={FIGURE} />,
  },
];

/**
 * Spec §2 "Partners tab": the campaign's partners with their cash (and a warning on those no
 * longer in any of its categories), the total cash of the filter, Excel upload and download,
 * the choose-partners dialog with a cash each, a cash edit and a delete per row.
 */
export function PartnersTab({ campaignId }: { campaignId: number }) {
  const canWrite = useCanWrite('campaigns');
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const narrow = useMediaQuery(MOBILE_QUERY);
  const tab = useTabTableState({ list: 'campaignPartners', columns, defaultSort: { field: 'name', order: 'asc' } });
  const { table } = tab;
  // A default view is applied before the first page is asked for.
  const { data, isFetching, isError, refetch } = useCampaignPartnersQuery(
    { campaignId, params: table.params },
    { refetchOnMountOrArgChange: true, skip: tab.views.waiting },
  );
  // The campaign's categories are read when the download asks for them, not with the tab.
  const [loadCategoryIds] = useLazyCampaignCategoryIdsQuery();
  const [remove, removeState] = useRemoveCampaignPartnerMutation();
  const [download, downloadState] = useDownloadCampaignPartnersMutation();
  const [preview] = usePreviewCampaignPartnersImportMutation();
  const [save] = useSaveCampaignPartnersImportMutation();
  const [choosing, setChoosing] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [cash, setCash] = useState<{ row: CampaignPartner | null; visible: boolean }>({ row: null, visible: false });
  const bulkConfig = useMemo<BulkConfig>(
    () => ({
      path: `campaigns/${campaignId}/partners`,
      resource: 'campaigns',
      actions: ['cash'],
      tags: [tabTag(campaignId, 'partners')],
      noun: 'bulk.nouns.campaign_partners',
    }),
    [campaignId],
  );
  const bulk = useBulk<CampaignPartner>(bulkConfig, {
    params: table.params,
    total: data?.total ?? 0,
    rows: isError ? [] : (data?.items ?? []),
    canWrite,
  });
  const [confirm, setConfirm] = useState<{ row: CampaignPartner | null; visible: boolean }>({ row: null, visible: false });

  const onRemove = async () => {
    const row = confirm.row;
    setConfirm((c) => ({ ...c, visible: false }));
    if (!row) return;
    try {
      await remove({ campaignId, partnerId: row.id }).unwrap();
      snackbar.success(t('campaigns.partner_removed'));
    } catch {
      // 435 (the partner has cart items): the error dialog says why.
    }
  };

  const onDownload = async () => {
    try {
      const ids = await loadCategoryIds(campaignId, true).unwrap();
      saveObjectUrl(await download({ campaignId, categories: ids }).unwrap(), PARTNERS_FILE_NAME);
    } catch {
      // The error dialog shows why the download failed (spec §8).
    }
  };

  const excelButton = (icon: string, label: string, onClick: () => void, loading = false) => (
    <Button
      type="button"
      icon={icon}
      label={narrow ? undefined : t(label)}
      aria-label={t(label)}
      title={t(label)}
      outlined
      severity="success"
      loading={loading}
      onClick={onClick}
    />
  );

  return (
    <>
      <TabTable<CampaignPartner>
        label="campaigns.tabs.partners"
        columns={columns}
        state={tab}
        query={{ data, isFetching, isError, refetch }}
        rowClassName={(p) => (p.in_categories ? undefined : 'campaign-row--warn')}
        bulk={bulk}
        toolbar={
          <>
            {canWrite && excelButton('pi pi-upload', 'campaigns.excel_upload', () => setUploading(true))}
            {excelButton(
              'pi pi-download',
              'campaigns.excel_download',
              () => {
                void onDownload();
              },
              downloadState.isLoading,
            )}
            {canWrite && (
              <Button
                type="button"
                icon="pi pi-plus"
                label={narrow ? undefined : t('campaigns.add_partners')}
                aria-label={t('campaigns.add_partners')}
                onClick={() => setChoosing(true)}
              />
            )}
          </>
        }
        footer={
          <div className="campaign-totals" aria-live="polite">
            <span>
              {t('campaigns.total_cash')}{' '}
              <strong data-testid="total-cash">
                <AmountText value={data?.totalCash ?? '0'} precision={FIGURE} />
              </strong>
            </span>
          </div>
        }
        actions={canWrite ? (row) => (
          <>
            <IconButton icon="pi pi-wallet" label={t('campaigns.edit_cash')} severity="secondary" onClick={() => setCash({ row, visible: true })} />
            <IconButton
              icon="pi pi-trash"
              label={t('campaigns.remove_partner')}
              severity="danger"
              disabled={removeState.isLoading}
              onClick={() => setConfirm({ row, visible: true })}
            />
          </>
        ) : undefined}
      />
      <ChoosePartnersDialog campaignId={campaignId} visible={choosing} onHide={() => setChoosing(false)} />
      <CashDialog
        campaignId={campaignId}
        partner={cash.row}
        visible={cash.visible}
        onHide={() => setCash((c) => ({ ...c, visible: false }))}
        onSaved={() => {
          snackbar.success(t('edit_success'));
          setCash((c) => ({ ...c, visible: false }));
        }}
      />
      <RemoveConfirm
        visible={confirm.visible}
        title="campaigns.remove_partner_title"
        message={confirm.row ? t('campaigns.remove_partner_message', { name: confirm.row.name }) : ''}
        onAccept={() => {
          void onRemove();
        }}
        onHide={() => setConfirm((c) => ({ ...c, visible: false }))}
      />
      <ExcelUploadDialog
        visible={uploading}
        onHide={() => setUploading(false)}
        title="campaigns.excel_upload_title"
        intro="campaigns.excel_intro"
        preview={(file) => preview({ campaignId, file }).unwrap()}
        save={(file) => save({ campaignId, file }).unwrap()}
        columnLabel={(column) => {
          const key = `campaigns.excel_columns.${column}`;
          const label = t(key);
          return label === key ? undefined : label;
        }}
      />
    </>
  );
}

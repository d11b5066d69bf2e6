import { useCanWrite } from '../../shared/auth/permissions';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ListPage } from '../../shared/list/ListPage';
import type { ListColumn, RowAction } from '../../shared/list/types';
import { useSnackbar } from '../../shared/snackbar/snackbarContext';
import { DIALOG_WIDTH, dialogStyle } from '../../shared/ui/dialogWidth';
import { VisibilityChip } from '../../shared/ui/VisibilityChip';
import { useListCampaignsQuery, useToggleCampaignMutation, useToggleCampaignVisibilityMutation } from './api';
import { CampaignFormDialog } from './CampaignFormDialog';
import { VISIBILITY_LABELS, type Campaign } from './types';
import './campaigns.css';

/** Spec §9: the campaigns table shows 20 rows per page. */
export const CAMPAIGNS_PAGE_SIZE = 20;

const columns: ListColumn<Campaign>[] = [
  {
    field: 'name',
    header: 'campaigns.name',
    filter: true,
    width: '16rem',
    body: (c) => (
      <span className="campaign-name">
        <img className="product-thumb" src={c.thumb_url} alt="" width={44} height={44} loading="lazy" />
        <span>{c.name}</span>
      </span>
    ),
  },
  {
    field: 'description',
    header: 'campaigns.description',
    filter: true,
    width: '20rem',
    body: (c) => <span className="cell-clamp">{c.description}</span>,
  },
  {
    field: 'is_visible',
    header: 'campaigns.visibility',
    filter: true,
    filterOptions: [
      { value: '1', label: 'campaigns.visible' },
      { value: '0', label: 'campaigns.hidden' },
    ],
    width: '10rem',
    body: (c) => <VisibilityChip visible={c.is_visible} labels={VISIBILITY_LABELS} />,
  },
];

/**
 * Spec §2 "Campaigns": the generic list (20 rows per page, newest change first) with the
 * details screen, show/hide behind a confirmation, edit and deactivate/reactivate. A new
 * campaign goes straight on to its details and the composition stepper.
 */
export default function CampaignsPage() {
  const canWrite = useCanWrite('campaigns');
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const [toggleVisibility, visibilityState] = useToggleCampaignVisibilityMutation();
  const [visibility, setVisibility] = useState<{ campaign: Campaign | null; visible: boolean }>({
    campaign: null,
    visible: false,
  });

  const confirmVisibility = async () => {
    const campaign = visibility.campaign;
    setVisibility((v) => ({ ...v, visible: false }));
    if (!campaign) return;
    try {
      const answer = await toggleVisibility(campaign.id).unwrap();
      snackbar.success(t(answer.is_visible ? 'campaigns.shown_success' : 'campaigns.hidden_success'));
    } catch {
      // The error dialog says why (e.g. an inactive campaign).
    }
  };

  const actions: RowAction<Campaign>[] = [
    {
      key: 'details',
      icon: 'pi pi-list',
      label: 'campaigns.details',
      onClick: (c) => navigate(`/campaigns/${c.id}`),
    },
    {
      key: 'visibility',
      visible: () => canWrite,
      icon: (c) => (c.is_visible ? 'pi pi-eye-slash' : 'pi pi-eye'),
      label: (c) => (c.is_visible ? 'campaigns.hide' : 'campaigns.show'),
      onClick: (campaign) => {
        if (!visibilityState.isLoading) setVisibility({ campaign, visible: true });
      },
    },
  ];

  const hiding = visibility.campaign?.is_visible ?? false;

  return (
    <>
      <ListPage<Campaign>
        title="campaigns.title"
        columns={columns}
        defaultSort={{ field: 'updated_at', order: 'desc' }}
        useList={useListCampaignsQuery}
        canWrite={canWrite}
        useToggle={useToggleCampaignMutation}
        rowLabel={(c) => c.name}
        rowActions={actions}
        pageSize={CAMPAIGNS_PAGE_SIZE}
        renderForm={(props) => (
          <CampaignFormDialog
            {...props}
            onCreated={(campaign) => navigate(`/campaigns/${campaign.id}?tab=categories&compose=0`)}
          />
        )}
      />
      <ConfirmDialog
        visible={visibility.visible}
        onHide={() => setVisibility((v) => ({ ...v, visible: false }))}
        header={t(hiding ? 'campaigns.hide_title' : 'campaigns.show_title')}
        message={
          visibility.campaign
            ? t(hiding ? 'campaigns.hide_message' : 'campaigns.show_message', { name: visibility.campaign.name })
            : ''
        }
        icon={hiding ? 'pi pi-eye-slash' : 'pi pi-eye'}
        acceptLabel={t('dialog.confirm')}
        rejectLabel={t('dialog.cancel')}
        accept={() => {
          void confirmVisibility();
        }}
        reject={() => setVisibility((v) => ({ ...v, visible: false }))}
        draggable={false}
        style={dialogStyle(DIALOG_WIDTH.notice)}
      />
    </>
  );
}

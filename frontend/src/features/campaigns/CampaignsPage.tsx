import { BULK_LISTS } from '../../shared/bulk/lists';
import { useCanWrite } from '../../shared/auth/permissions';
import { useNavigate } from 'react-router-dom';
import { ListPage } from '../../shared/list/ListPage';
import type { ListColumn, RowAction } from '../../shared/list/types';
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
  const navigate = useNavigate();

  const actions: RowAction<Campaign>[] = [
    {
      key: 'details',
      icon: 'pi pi-list',
      label: 'campaigns.details',
      onClick: (c) => navigate(`/campaigns/${c.id}`),
    },
  ];

  return (
    <>
      <ListPage<Campaign>
        title="campaigns.title"
        viewList="campaigns"
        columns={columns}
        defaultSort={{ field: 'updated_at', order: 'desc' }}
        useList={useListCampaignsQuery}
        canWrite={canWrite}
        bulk={BULK_LISTS.campaigns}
        useToggle={useToggleCampaignMutation}
        visibility={{ useToggle: useToggleCampaignVisibilityMutation, keyPrefix: 'campaigns', after: 'details' }}
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
    </>
  );
}

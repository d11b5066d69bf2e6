import { useCanWrite } from '../../../shared/auth/permissions';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'react-redux';
import { COUNT, formatAmount } from '../../../shared/format/amount';
import { ChooseCategoriesDialog } from '../../../shared/pickers/ChooseCategoriesDialog';
import { useSnackbar } from '../../../shared/snackbar/snackbarContext';
import { DIALOG_WIDTH, dialogStyle } from '../../../shared/ui/dialogWidth';
import { IconButton } from '../../../shared/ui/IconButton';
import {
  campaignsApi,
  useAddCampaignCategoriesMutation,
  useCampaignCategoriesQuery,
  useRemoveCampaignCategoryMutation,
} from '../api';
import type { CampaignCategory } from '../types';
import { RemoveConfirm } from './RemoveConfirm';
import { TabTable } from './TabTable';
import { useTabTableState, type TabColumn } from './useTabTableState';

const columns: TabColumn<CampaignCategory>[] = [
  { field: 'name', header: 'campaigns.category_name', sortable: true, filter: true },
];

/** What a category removal took out with it: the partners' ids, with their names where known. */
interface Pruned {
  category: string;
  partners: string[];
}

type RootState = Parameters<typeof campaignsApi.util.selectCachedArgsForQuery>[0];

/** The names of the campaign's partners in the pages of its Partners tab still cached (shown lately). */
function knownPartnerNames(state: RootState, campaignId: number): Map<number, string> {
  const names = new Map<number, string>();
  for (const args of campaignsApi.util.selectCachedArgsForQuery(state, 'campaignPartners')) {
    if (args.campaignId !== campaignId) continue;
    const page = campaignsApi.endpoints.campaignPartners.select(args)(state).data;
    for (const p of page?.items ?? []) names.set(p.id, p.name);
  }
  return names;
}

/**
 * Spec §2 "Categories tab" and §4: the campaign's categories, the shared choose-categories
 * dialog, and a delete that warns first and then says which partners it removed with the
 * category (those in none of the remaining ones).
 */
export function CategoriesTab({ campaignId }: { campaignId: number }) {
  const canWrite = useCanWrite('campaigns');
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const store = useStore<RootState>();
  const tab = useTabTableState({ list: 'campaignCategories', columns, defaultSort: { field: 'name', order: 'asc' } });
  const { table } = tab;
  // A default view is applied before the first page is asked for.
  const { data, isFetching, isError, refetch } = useCampaignCategoriesQuery(
    { campaignId, params: table.params },
    { refetchOnMountOrArgChange: true, skip: tab.views.waiting },
  );
  const [add] = useAddCampaignCategoriesMutation();
  const [remove, removeState] = useRemoveCampaignCategoryMutation();
  const [choosing, setChoosing] = useState(false);
  const [confirm, setConfirm] = useState<{ row: CampaignCategory | null; visible: boolean }>({ row: null, visible: false });
  const [pruned, setPruned] = useState<{ value: Pruned | null; visible: boolean }>({ value: null, visible: false });

  const onChosen = async (categories: { id: number }[]) => {
    setChoosing(false);
    if (categories.length === 0) return;
    try {
      await add({ campaignId, categories: categories.map((c) => c.id) }).unwrap();
      snackbar.success(t('add_success'));
    } catch {
      // The error dialog says why.
    }
  };

  const onRemove = async () => {
    const row = confirm.row;
    setConfirm((c) => ({ ...c, visible: false }));
    if (!row) return;
    // Read before the removal: the Partners tab's pages reload without the pruned partners.
    const names = knownPartnerNames(store.getState(), campaignId);
    try {
      const answer = await remove({ campaignId, categoryId: row.id }).unwrap();
      if (answer.removed_partners.length > 0) {
        // Stays until closed: the staff read which partners left the campaign.
        const partners = answer.removed_partners.map((id) => (names.has(id) ? `${id} (${names.get(id)})` : String(id)));
        setPruned({ value: { category: row.name, partners }, visible: true });
      } else {
        snackbar.success(t('campaigns.category_removed'));
      }
    } catch {
      // 435 (a partner it would prune has cart items): the error dialog says why; nothing changed.
    }
  };

  const count = pruned.value?.partners.length ?? 0;

  return (
    <>
      <TabTable<CampaignCategory>
        label="campaigns.tabs.categories"
        columns={columns}
        state={tab}
        query={{ data, isFetching, isError, refetch }}
        toolbar={
          canWrite && <Button type="button" icon="pi pi-plus" label={t('campaigns.add_categories')} onClick={() => setChoosing(true)} />
        }
        actions={canWrite ? (row) => (
          <IconButton
            icon="pi pi-trash"
            label={t('campaigns.remove_category')}
            severity="danger"
            disabled={removeState.isLoading}
            onClick={() => setConfirm({ row, visible: true })}
          />
        ) : undefined}
      />
      <ChooseCategoriesDialog
        visible={choosing}
        selected={[]}
        onConfirm={(categories) => {
          void onChosen(categories);
        }}
        onHide={() => setChoosing(false)}
      />
      <RemoveConfirm
        visible={confirm.visible}
        title="campaigns.remove_category_title"
        message={confirm.row ? t('campaigns.remove_category_message', { name: confirm.row.name }) : ''}
        onAccept={() => {
          void onRemove();
        }}
        onHide={() => setConfirm((c) => ({ ...c, visible: false }))}
      />
      <Dialog
        visible={pruned.visible}
        onHide={() => setPruned((p) => ({ ...p, visible: false }))}
        header={t('campaigns.pruned_title')}
        modal
        draggable={false}
        resizable={false}
        style={dialogStyle(DIALOG_WIDTH.notice)}
        className="pruned-dialog"
        footer={
          <div className="form-dialog__footer">
            <Button
              type="button"
              label={t('dialog.close')}
              icon="pi pi-check"
              autoFocus
              onClick={() => setPruned((p) => ({ ...p, visible: false }))}
            />
          </div>
        }
      >
        <p data-testid="pruned-message">
          {t('campaigns.pruned_message', {
            count,
            formattedCount: formatAmount(count, i18n.language, COUNT),
            category: pruned.value?.category ?? '',
          })}
        </p>
        <p className="pruned-dialog__ids">
          {t('campaigns.pruned_ids')} <span data-testid="pruned-ids">{pruned.value?.partners.join(', ')}</span>
        </p>
      </Dialog>
    </>
  );
}

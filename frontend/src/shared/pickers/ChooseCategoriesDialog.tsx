import { Column } from 'primereact/column';
import { DataTable, type DataTablePageEvent } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { MAX_FILTER_LENGTH } from '../api/list';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHOOSE_PAGE_SIZES, CHOOSE_PAGINATOR } from '../list/types';
import { SELECTION_COLUMN_PT } from '../ui/passThrough';
import { useListActiveCategoriesQuery, type ActiveCategory, type CategoryRef } from './api';
import { PickerEmpty, PickerFooterButtons } from './pickerParts';
import { DIALOG_WIDTH, dialogStyle } from '../ui/dialogWidth';

export interface ChooseCategoriesDialogProps {
  visible: boolean;
  /** The categories chosen so far; they show checked when the dialog opens. */
  selected: CategoryRef[];
  onConfirm: (categories: CategoryRef[]) => void;
  onHide: () => void;
}

/**
 * Spec §2 "Choose-categories": a multi-select table of the active categories (name only),
 * paged and filtered on the server; the choice survives paging and is handed over on confirm.
 */
export function ChooseCategoriesDialog({ visible, selected, onConfirm, onHide }: ChooseCategoriesDialogProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [selection, setSelection] = useState<CategoryRef[]>([]);
  const [page, setPage] = useState({ first: 0, rows: CHOOSE_PAGE_SIZES[0] });
  const [draft, setDraft] = useState('');
  const [name, setName] = useState('');

  // Each opening starts from the caller's choice, the first page and no filter.
  if (visible !== open) {
    setOpen(visible);
    if (visible) {
      setSelection(selected);
      setPage((p) => ({ ...p, first: 0 }));
      setDraft('');
      setName('');
    }
  }

  const { data, isFetching, isError } = useListActiveCategoriesQuery(
    {
      page: Math.floor(page.first / page.rows) + 1,
      per_page: page.rows,
      sort: 'name',
      order: 'asc',
      filters: { name },
    },
    { skip: !visible, refetchOnMountOrArgChange: true },
  );

  const search = () => {
    setName(draft);
    setPage((p) => ({ ...p, first: 0 }));
  };

  const rows = data?.items ?? [];
  const empty = <PickerEmpty loading={isFetching} error={isError} />;

  return (
    <Dialog
      visible={visible}
      onHide={onHide}
      header={t('choose_categories.title')}
      modal
      draggable={false}
      resizable={false}
      blockScroll
      style={dialogStyle(DIALOG_WIDTH.form)}
      className="choose-dialog"
      footer={
        <PickerFooterButtons
          onHide={onHide}
          onConfirm={() => onConfirm(selection.map(({ id, name: n }) => ({ id, name: n })))}
        />
      }
    >
      <div className="choose-dialog__toolbar">
        <IconField iconPosition="left" className="choose-dialog__search">
          <InputIcon className="pi pi-search" />
          <InputText
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            maxLength={MAX_FILTER_LENGTH}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                search();
              }
            }}
            placeholder={t('table.filter_placeholder')}
            aria-label={`${t('categories.name')} — ${t('table.filter_placeholder')}`}
          />
        </IconField>
        <span className="choose-dialog__count" aria-live="polite">
          {t('choose_categories.selected', { count: selection.length })}
        </span>
      </div>
      <DataTable<ActiveCategory[]>
        value={rows}
        dataKey="id"
        lazy
        paginator
        first={page.first}
        rows={page.rows}
        totalRecords={data?.total ?? 0}
        {...CHOOSE_PAGINATOR}
        onPage={(e: DataTablePageEvent) => setPage({ first: e.first, rows: e.rows })}
        selectionMode="checkbox"
        selectionPageOnly
        selection={selection as ActiveCategory[]}
        onSelectionChange={(e) => setSelection(e.value as CategoryRef[])}
        loading={isFetching && rows.length > 0}
        emptyMessage={empty}
        size="small"
        stripedRows
        selectionAriaLabel="name"
        className="choose-dialog__table"
      >
        <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} pt={SELECTION_COLUMN_PT} />
        <Column field="name" header={t('categories.name')} />
      </DataTable>
    </Dialog>
  );
}

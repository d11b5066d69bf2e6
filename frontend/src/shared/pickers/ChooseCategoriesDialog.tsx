import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../list/PagedTable';
import { CHOOSE_PAGE_SIZES } from '../list/types';
import { useListActiveCategoriesQuery, type ActiveCategory, type CategoryRef } from './api';
import { PickerFooterButtons, PickerSearch } from './pickerParts';
import { useChooseTableState } from './useChooseTableState';
import { DIALOG_WIDTH, dialogStyle } from '../ui/dialogWidth';

export interface ChooseCategoriesDialogProps {
  visible: boolean;
  /** The categories chosen so far; they show checked when the dialog opens. */
  selected: CategoryRef[];
  onConfirm: (categories: CategoryRef[]) => void;
  onHide: () => void;
  /** One category only (a bulk action's): a check replaces the choice; confirm needs one. */
  single?: boolean;
}

/** The search box searches as the user types, once typing pauses this long. */
const TYPING_DEBOUNCE_MS = 400;

const COLUMNS = [{ field: 'name', header: 'categories.name' }];

/**
 * Spec §2 "Choose-categories": a multi-select table of the active categories (name only),
 * paged and filtered on the server; the choice survives paging and is handed over on confirm.
 * A click on a row, or Space or Enter on a focused row, toggles it like its checkbox.
 */
export function ChooseCategoriesDialog({ visible, selected, onConfirm, onHide, single = false }: ChooseCategoriesDialogProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [selection, setSelection] = useState<CategoryRef[]>([]);
  const { table, reset, views } = useChooseTableState({
    list: 'categoriesActive',
    visible,
    columns: COLUMNS,
    filterFields: ['name'],
    defaultSort: { field: 'name', order: 'asc' },
    pageSizes: CHOOSE_PAGE_SIZES,
    typingDebounceMs: TYPING_DEBOUNCE_MS,
  });

  // Each opening starts from the caller's choice, the first page and no filter, or the user's
  // default view of the list (applied before the first page is asked for).
  if (visible !== open) {
    setOpen(visible);
    if (visible) {
      setSelection(selected);
      reset();
    }
  }

  const { data, isFetching, isError, refetch } = useListActiveCategoriesQuery(table.params, {
    skip: !visible || views.waiting,
    refetchOnMountOrArgChange: true,
  });

  const search = () => {
    if (!table.search()) void refetch();
  };

  const toggle = (category: CategoryRef) =>
    setSelection((chosen) =>
      chosen.some((c) => c.id === category.id)
        ? chosen.filter((c) => c.id !== category.id)
        : single
          ? [category]
          : [...chosen, category],
    );
  // In single mode a newly checked row replaces the choice.
  const change = (next: CategoryRef[]) =>
    setSelection(single ? (next.filter((c) => !selection.some((s) => s.id === c.id)).slice(-1)) : next);


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
          confirmDisabled={single && selection.length !== 1}
        />
      }
    >
      <div className="choose-dialog__toolbar">
        <PickerSearch table={table} label={t('categories.name')} onSearch={search} />
        {views.menu}
        <span className="choose-dialog__count" aria-live="polite">
          {t('choose_categories.selected', { count: selection.length })}
        </span>
      </div>
      {views.notice}
      <PagedTable<ActiveCategory>
        columns={COLUMNS}
        table={table}
        query={{ data, isFetching, isError, refetch }}
        variant="choose"
        selection={{
          rows: selection as ActiveCategory[],
          onChange: change,
          pageOnly: true,
          selectAll: !single,
          onRowToggle: toggle,
        }}
        className="choose-dialog__table"
      />
    </Dialog>
  );
}

import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableFilterMeta } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { MAX_FILTER_LENGTH } from '../api/list';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ActiveChip } from '../list/ActiveChip';
import { FilterButtons } from '../list/FilterButtons';
import { CHOOSE_PAGINATOR } from '../list/types';
import { MOBILE_QUERY, useMediaQuery } from '../ui/useMediaQuery';
import { SELECTION_COLUMN_PT } from '../ui/passThrough';
import type { ActivePartner } from './api';
import { usePartnerChoice, type ChoosePartnerProps, type PartnerFilterField } from './partnerChoice';
import { PartnerChoiceCount, PickerEmpty, PickerFooterButtons } from './pickerParts';
import './pickers.css';
import { DIALOG_WIDTH, dialogStyle } from '../ui/dialogWidth';

interface TextColumn {
  field: PartnerFilterField;
  header: string;
}

// Spec §2 "Choose-partner": name, address, pib, pdv, active, type, actions.
const LEADING: TextColumn[] = [
  { field: 'name', header: 'choose_partner.name' },
  { field: 'address', header: 'choose_partner.address' },
  { field: 'pib', header: 'choose_partner.pib' },
  { field: 'pdv', header: 'choose_partner.pdv' },
];
const TYPE: TextColumn = { field: 'partner_type_name', header: 'choose_partner.type' };
const FILTER_FIELDS: PartnerFilterField[] = [...LEADING, TYPE].map((c) => c.field);

// DataTable renders the filter row only from its own filter model; the values live in the hook.
const TABLE_FILTERS: DataTableFilterMeta = Object.fromEntries(
  [...FILTER_FIELDS, 'is_active', 'actions'].map((f) => [f, { value: null, matchMode: 'contains' }]),
);

/**
 * Spec §2 "Choose dialogs": the full table of active partners with one checkbox choice, a filter
 * per text column, sorting and the choose-dialog page sizes, all on the server. Confirm hands the
 * choice over; a row's own button chooses it at once.
 */
export function ChoosePartnerDialog({ visible, onHide, onChoose, selected = null }: ChoosePartnerProps) {
  const { t, i18n } = useTranslation();
  const narrow = useMediaQuery(MOBILE_QUERY);
  const state = usePartnerChoice(visible, selected, FILTER_FIELDS);
  const { rows, isFetching, isError } = state;
  // On a phone the five filters fold behind a button so the partners stay in view.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const { table } = state;
  const appliedCount = table.appliedCount;

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      state.applyFilters();
    }
  };

  const textFilter = (column: TextColumn) => (
    <InputText
      value={table.draft[column.field] ?? ''}
      onChange={(e) => table.setDraftField(column.field, e.target.value)}
      maxLength={MAX_FILTER_LENGTH}
      onKeyDown={onKeyDown}
      placeholder={narrow ? t(column.header) : t('table.filter_placeholder')}
      aria-label={`${t(column.header)} — ${t('table.filter_placeholder')}`}
      className="list-filter__input"
    />
  );

  const filterButtons = <FilterButtons onSearch={() => state.applyFilters()} onClear={state.clearFilters} />;

  const textColumn = (column: TextColumn) => (
    <Column
      key={column.field}
      field={column.field}
      header={t(column.header)}
      sortable
      body={column.field === 'partner_type_name' ? (p: ActivePartner) => p.partner_type_name ?? '—' : undefined}
      filter={!narrow}
      filterElement={() => textFilter(column)}
      showFilterMenu={false}
      showClearButton={false}
    />
  );

  const empty = <PickerEmpty loading={isFetching} error={isError} onRetry={() => void state.refetch()} />;

  return (
    <Dialog
      visible={visible}
      onHide={onHide}
      header={t('choose_partner.title')}
      modal
      draggable={false}
      resizable={false}
      blockScroll
      style={dialogStyle(DIALOG_WIDTH.table)}
      className="choose-dialog choose-partner"
      footer={
        <div className="choose-partner__footer">
          <PartnerChoiceCount choice={state.choice} />
          <PickerFooterButtons
            onHide={onHide}
            confirmDisabled={!state.choice}
            onConfirm={() => state.choice && onChoose(state.choice)}
          />
        </div>
      }
    >
      {narrow && (
        <div className="list-filters-stacked choose-partner__filters">
          <Button
            type="button"
            icon={filtersOpen ? 'pi pi-chevron-up' : 'pi pi-filter'}
            label={appliedCount > 0 ? `${t('choose_partner.filters')} (${appliedCount})` : t('choose_partner.filters')}
            text
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            className="choose-partner__filters-toggle"
            onClick={() => setFiltersOpen((open) => !open)}
          />
          {filtersOpen && (
            <div id={filtersId} className="choose-partner__filter-fields">
              {[...LEADING, TYPE].map((c) => (
                <div key={c.field}>{textFilter(c)}</div>
              ))}
              <div className="list-filters-stacked__row">{filterButtons}</div>
            </div>
          )}
        </div>
      )}
      <DataTable<ActivePartner[]>
        // Stacked cells only on a phone; the memoized cells need a new table to change layout.
        key={narrow ? `stack-${i18n.language}` : 'scroll'}
        value={rows}
        dataKey="id"
        lazy
        paginator
        first={table.first}
        rows={table.rows}
        totalRecords={state.total}
        {...CHOOSE_PAGINATOR}
        onPage={table.onPage}
        sortField={table.sort.field}
        sortOrder={table.sort.order === 'desc' ? -1 : 1}
        onSort={table.onSort}
        filterDisplay={narrow ? undefined : 'row'}
        filters={TABLE_FILTERS}
        onFilter={() => undefined}
        selectionMode="checkbox"
        showSelectAll={false}
        selection={state.selection as ActivePartner[]}
        onSelectionChange={(e) => state.onSelectionChange(e.value as ActivePartner[])}
        selectionAriaLabel="name"
        loading={isFetching && rows.length > 0}
        emptyMessage={empty}
        responsiveLayout={narrow ? 'stack' : 'scroll'}
        breakpoint="500px"
        size="small"
        stripedRows
        className="choose-dialog__table choose-partner__table"
      >
        <Column
          selectionMode="multiple"
          pt={SELECTION_COLUMN_PT}
          header={<span className="sr-only">{t('list.choice')}</span>}
          headerStyle={{ width: '3rem' }}
          filter={!narrow}
          filterElement={() => <span className="sr-only">{t('list.no_filter', { column: t('list.choice') })}</span>}
          showFilterMenu={false}
          showClearButton={false}
        />
        {LEADING.map(textColumn)}
        <Column
          field="is_active"
          header={t('table.active')}
          sortable
          body={(p: ActivePartner) => <ActiveChip active={p.is_active} />}
          filter={!narrow}
          filterElement={() => <span className="sr-only">{t('list.no_filter', { column: t('table.active') })}</span>}
          showFilterMenu={false}
          showClearButton={false}
        />
        {textColumn(TYPE)}
        <Column
          columnKey="actions"
          header={t('table.actions')}
          body={(p: ActivePartner) => (
            <Button
              type="button"
              icon="pi pi-check-circle"
              rounded
              text
              aria-label={t('choose_partner.choose_row', { name: p.name })}
              title={t('choose_partner.choose_row', { name: p.name })}
              onClick={() => onChoose({ id: p.id, name: p.name })}
            />
          )}
          filter={!narrow}
          filterElement={() => filterButtons}
          showFilterMenu={false}
          showClearButton={false}
        />
      </DataTable>
    </Dialog>
  );
}

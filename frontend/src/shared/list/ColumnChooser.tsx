import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ChoosableColumn {
  field: string;
  /** Catalogue key of the header. */
  header: string;
  /** The row's name and the actions stay: shown checked and disabled. */
  fixed?: boolean;
}

interface ColumnChooserProps {
  columns: ChoosableColumn[];
  isVisible: (field: string) => boolean;
  onChange: (field: string, visible: boolean) => void;
  onShowAll: () => void;
  /** On a phone the button shows its icon only. */
  compact?: boolean;
}

/**
 * The list toolbar's button that picks the shown columns (a checkbox each). The panel opens
 * with the focus on its first checkbox (it is drawn at the end of the page, so Tab alone
 * would not reach it) and Esc closes it, giving the focus back to the button.
 */
export function ColumnChooser({ columns, isVisible, onChange, onShowAll, compact = false }: ColumnChooserProps) {
  const { t } = useTranslation();
  const panel = useRef<OverlayPanel>(null);
  const [open, setOpen] = useState(false);
  const id = useId();
  const hiddenCount = columns.filter((c) => !c.fixed && !isVisible(c.field)).length;
  const label = hiddenCount > 0 ? t('list.columns_hidden', { count: hiddenCount }) : t('list.columns');

  return (
    <>
      <Button
        type="button"
        icon="pi pi-table"
        label={compact ? undefined : label}
        // Named explicitly, or the icon font's glyph would join the name.
        aria-label={label}
        title={compact ? label : undefined}
        text
        className="column-chooser__button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={(e) => panel.current?.toggle(e)}
      />
      <OverlayPanel
        ref={panel}
        id={id}
        onShow={() => {
          setOpen(true);
          document.getElementById(id)?.querySelector<HTMLInputElement>('input:not([disabled])')?.focus();
        }}
        onHide={() => setOpen(false)}
        className="column-chooser"
        aria-label={t('list.columns_title')}
      >
        {/* Esc inside the panel closes it; the key goes no further (an open dialog stays). */}
        <div
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return;
            e.stopPropagation();
            panel.current?.hide();
            // The button PrimeReact draws: the one that controls this panel.
            document.querySelector<HTMLElement>(`[aria-controls="${id}"]`)?.focus();
          }}
        >
          <fieldset className="column-chooser__fields">
            <legend className="column-chooser__legend">{t('list.columns_title')}</legend>
            {columns.map((column) => {
              const inputId = `${id}-${column.field}`;
              return (
                <div key={column.field} className="column-chooser__item">
                  <Checkbox
                    inputId={inputId}
                    checked={column.fixed || isVisible(column.field)}
                    disabled={column.fixed}
                    onChange={(e) => onChange(column.field, Boolean(e.checked))}
                  />
                  <label htmlFor={inputId}>
                    {t(column.header)}
                    {column.fixed && <span className="column-chooser__fixed"> ({t('list.column_fixed')})</span>}
                  </label>
                </div>
              );
            })}
          </fieldset>
          <Button
            type="button"
            label={t('list.columns_show_all')}
            icon="pi pi-eye"
            text
            size="small"
            disabled={hiddenCount === 0}
            onClick={onShowAll}
          />
        </div>
      </OverlayPanel>
    </>
  );
}

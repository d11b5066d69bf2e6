import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { ProgressBar } from 'primereact/progressbar';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateServerMessage } from '../errors/errorKey';
import { COUNT, formatAmount } from '../format/amount';
import { useSnackbar } from '../snackbar/snackbarContext';
import { DIALOG_WIDTH, dialogStyle } from '../ui/dialogWidth';
import { PagedTable } from '../list/PagedTable';
import { EXCEL_ACCEPT, excelFileContentProblem, formatFileSize } from './excelFile';
import { importResultOf } from './importResult';
import type { ImportProblem, ImportResult } from './types';
import './excel.css';

export interface ExcelUploadDialogProps {
  visible: boolean;
  onHide: () => void;
  /** Reads the file and says what it would do (the server writes nothing); rejects with the API error. */
  preview: (file: File) => Promise<ImportResult>;
  /** Saves the file; rejects with the API error (a 422 carrying the problems found now). */
  save: (file: File) => Promise<unknown>;
  /** Called after a successful save, before the dialog closes. */
  onSaved?: () => void;
  /** The label of a problem's column header, when the screen has one; the header itself otherwise. */
  columnLabel?: (column: string) => string | undefined;
  /** Catalogue keys of the dialog's title and introduction; the partners' by default. */
  title?: string;
  intro?: string;
}

const PROBLEMS_PER_PAGE = 10;

/**
 * Spec §2 Excel upload (partners, a campaign's partners): choose a .xlsx/.xls file, see what it
 * would add, update, skip and reject (with each problem translated), and only then confirm;
 * nothing is written before that.
 */
export function ExcelUploadDialog({
  visible,
  onHide,
  preview,
  save,
  onSaved,
  columnLabel: ownColumnLabel,
  title = 'excel.upload_title',
  intro = 'excel.intro',
}: ExcelUploadDialogProps) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [saving, setSaving] = useState(false);
  const busy = previewing || saving;

  const choose = async (chosen: File | null) => {
    if (input.current) input.current.value = '';
    if (!chosen) return;
    setResult(null);
    const problem = await excelFileContentProblem(chosen);
    setFileError(problem);
    setFile(problem ? null : chosen);
    if (problem) return;
    setPreviewing(true);
    try {
      setResult(await preview(chosen));
    } catch (error) {
      // The error dialog explains a whole-file problem (422) or a running import (429); a 422
      // that lists the rows' problems shows them too.
      setResult(importResultOf(error));
    } finally {
      setPreviewing(false);
    }
  };

  const confirm = async () => {
    if (!file) return;
    setSaving(true);
    try {
      const saved = await save(file);
      snackbar.success(savedSummary(saved));
      onSaved?.();
      onHide();
    } catch (error) {
      // The file changed since the preview: show the problems the server found now.
      const again = importResultOf(error);
      if (again) setResult(again);
    } finally {
      setSaving(false);
    }
  };

  /** What the save did, as the server counted it; the generic sentence if it said nothing countable. */
  const savedSummary = (saved: unknown): string => {
    const counts = saved && typeof saved === 'object' ? (saved as Record<string, unknown>) : {};
    const count = (key: string) => (typeof counts[key] === 'number' ? (counts[key] as number) : undefined);
    const added = count('added');
    const updated = count('updated');
    if (added === undefined || updated === undefined) return t('add_success');
    const shown = (n: number) => formatAmount(n, i18n.language, COUNT);
    // Rows left as they were: "unchanged" where the import counts them so, else "skipped".
    const unchanged = count('unchanged') ?? count('skipped');
    return unchanged === undefined
      ? t('excel.saved', { added: shown(added), updated: shown(updated) })
      : t('excel.saved_unchanged', { added: shown(added), updated: shown(updated), unchanged: shown(unchanged) });
  };

  const nothingToDo = result !== null && result.added + result.updated === 0;
  const canConfirm = result !== null && result.rejected === 0 && !nothingToDo && !busy;

  const columnLabel = (column: string) => {
    if (column === '') return t('excel.whole_row');
    return ownColumnLabel?.(column) ?? column;
  };

  const stat = (key: 'added' | 'updated' | 'skipped' | 'rejected', icon: string) => (
    <div className={`import-stat import-stat--${key}${key === 'rejected' && result && result.rejected > 0 ? ' import-stat--bad' : ''}`}>
      <i className={icon} aria-hidden />
      <span className="import-stat__value" data-testid={`import-${key}`}>
        {formatAmount((key === 'skipped' ? (result?.unchanged ?? result?.skipped) : result?.[key]) ?? 0, i18n.language, COUNT)}
      </span>
      <span className="import-stat__label">{t(`excel.${key}`)}</span>
    </div>
  );

  return (
    <Dialog
      visible={visible}
      onHide={() => {
        if (!busy) onHide();
      }}
      header={t(title)}
      modal
      closable={!busy}
      closeOnEscape={!busy}
      draggable={false}
      resizable={false}
      blockScroll
      style={dialogStyle(DIALOG_WIDTH.wide)}
      className="import-dialog"
      footer={
        <div className="form-dialog__footer">
          <Button
            type="button"
            label={t('dialog.cancel')}
            icon="pi pi-times"
            severity="secondary"
            text
            disabled={busy}
            onClick={onHide}
          />
          <Button
            type="button"
            label={t('dialog.confirm')}
            icon="pi pi-check"
            disabled={!canConfirm}
            loading={saving}
            onClick={() => {
              void confirm();
            }}
          />
        </div>
      }
    >
      <p className="import-dialog__intro">{t(intro)}</p>

      <div className={`import-file${fileError ? ' import-file--invalid' : ''}`}>
        <i className="pi pi-file-excel import-file__icon" aria-hidden />
        <div className="import-file__side">
          <label htmlFor={inputId} className="form-field__label">
            {t('excel.file')}
            <span className="form-field__star" aria-hidden>
              {' '}
              *
            </span>
          </label>
          <span className="import-file__name" data-testid="import-file-name">
            {file ? `${file.name} (${formatFileSize(file.size)})` : t('excel.no_file')}
          </span>
          {fileError ? (
            <small id={`${inputId}-error`} className="form-field__error" role="alert">
              {t(fileError)}
            </small>
          ) : (
            <small className="form-field__hint">{t('excel.file_rules')}</small>
          )}
        </div>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={EXCEL_ACCEPT}
          className="image-field__input"
          disabled={busy}
          aria-invalid={Boolean(fileError)}
          aria-describedby={fileError ? `${inputId}-error` : undefined}
          onChange={(e) => {
            void choose(e.currentTarget.files?.[0] ?? null);
          }}
        />
        <Button
          type="button"
          icon="pi pi-upload"
          label={t(file ? 'excel.change_file' : 'excel.choose_file')}
          outlined
          size="small"
          disabled={busy}
          tabIndex={-1}
          aria-hidden
          onClick={() => input.current?.click()}
        />
      </div>

      {busy && (
        <div className="import-progress" role="status">
          <ProgressBar mode="indeterminate" style={{ height: '6px' }} />
          <span>{t(saving ? 'excel.saving' : 'excel.reading')}</span>
        </div>
      )}

      {result && !previewing && (
        <div className="import-result">
          <div className="import-stats">
            {stat('added', 'pi pi-plus-circle')}
            {stat('updated', 'pi pi-pencil')}
            {(result.unchanged ?? result.skipped) !== undefined && stat('skipped', 'pi pi-minus-circle')}
            {stat('rejected', 'pi pi-ban')}
          </div>
          {result.rejected > 0 || result.problems.length > 0 ? (
            <Message severity="error" text={t('excel.has_problems')} className="import-result__message" />
          ) : nothingToDo ? (
            <Message severity="info" text={t('excel.nothing_to_do')} className="import-result__message" />
          ) : (
            <Message severity="success" text={t('excel.ready')} className="import-result__message" />
          )}
          {result.problems.length > 0 && (
            <PagedTable<ImportProblem & { id: number }>
              columns={[
                { field: 'row', header: 'excel.row', align: 'right', width: '5rem' },
                { field: 'column', header: 'excel.column', width: '11rem', body: (p) => columnLabel(p.column) },
                { field: 'message', header: 'excel.message', body: (p) => translateServerMessage(i18n, p.message) },
              ]}
              // A problem has no id of its own: its place in the list is one.
              rows={result.problems.map((p, i) => ({ ...p, id: i }))}
              localRows={PROBLEMS_PER_PAGE}
              paginator="pages"
              label="excel.problems"
              caption={<span className="import-problems__title">{t('excel.problems')}</span>}
              className="import-problems"
            />
          )}
          {(result.more_problems ?? 0) > 0 && (
            <p className="import-result__more">
              {t('excel.more_problems', {
                count: result.more_problems,
                formattedCount: formatAmount(result.more_problems, i18n.language, COUNT),
              })}
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}

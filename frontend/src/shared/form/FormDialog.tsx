import { Form, Formik, useFormikContext, type FormikHelpers, type FormikProps } from 'formik';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Suspense, useContext, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import type { AnyObjectSchema } from 'yup';
import { errorStatus } from '../errors/apiError';
import { describeError } from '../errors/describeError';
import { dialogShown } from '../errors/dialogSlice';
import { translateErrorKey } from '../errors/errorKey';
import { useRefreshLists } from '../api/record';
import { useGetLoggedUserQuery } from '../api/me';
import { allowed } from '../auth/permissions';
import { useSnackbar } from '../snackbar/snackbarContext';
import { invalidSubmitKey } from '../validation/rules';
import { DIALOG_WIDTH, dialogStyle, type DialogWidth } from '../ui/dialogWidth';
import { ConflictPanel, type ConflictRow } from './ConflictPanel';
import { focusFirstField } from './dialogFocus';
import { FORM_TAB, RecordTabsContext, type RecordRef } from './recordTabs';

/** The record as the server has it now, after a stale save. */
export interface FreshRecord<Values> {
  values: Values;
  version: number;
}

/** What the dialog passes to onSubmit besides the values. */
export interface SubmitContext {
  /** The version of the record the form holds: the one opened, or the one reloaded after a conflict. */
  version?: number;
}

type FieldName<Values> = keyof Values & string;

interface FormDialogProps<Values extends object> {
  visible: boolean;
  title: string;
  initialValues: Values;
  validationSchema: AnyObjectSchema;
  /** Resolve when saved; throw (or reject) to keep the dialog open. */
  onSubmit: (values: Values, helpers: FormikHelpers<Values>, context: SubmitContext) => Promise<void>;
  onHide: () => void;
  children: ReactNode | ((formik: FormikProps<Values>) => ReactNode);
  /** One of the spec's widths; add/edit dialogs are 600 px. */
  maxWidth?: DialogWidth;
  submitLabel?: string;
  /** The version of the record being edited (ADR 0011); an edit sends it back. */
  version?: number;
  /** Loads the record again after its save was refused as stale (409). */
  reload?: () => Promise<FreshRecord<Values>>;
  /**
   * The fields compared after a conflict, with their labels: they take the saved values and
   * list the user's beside them. Other fields (a typed password, a chosen file) keep what was typed.
   */
  conflictFields?: Partial<Record<FieldName<Values>, string>>;
  /** How a compared value reads (an id as its name, say); undefined for the default. */
  describeValue?: (field: FieldName<Values>, value: unknown) => string | undefined;
  /**
   * The record edited, as the activity log names it: the dialog gains tabs after its form
   * (History, and a partner's Timeline) for a role that may read the log. Only on edit.
   */
  history?: RecordRef;
}

interface Conflict<Values> {
  mine: Values;
  theirs: Values;
  /** The fields both saves changed, differently: the panel lists them. */
  conflicting: string[];
  /** Whether this user changed any compared field (kept where the other save did not change it). */
  changedAny: boolean;
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b || (isBlank(a) && isBlank(b))) return true;
  if (a instanceof File || b instanceof File) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Every opening starts from the initial values with nothing touched (spec §2: closing resets the form). */
function ResetOnOpen({ visible }: { visible: boolean }) {
  const { resetForm } = useFormikContext();
  const wasVisible = useRef(visible);
  useLayoutEffect(() => {
    if (visible && !wasVisible.current) resetForm();
    wasVisible.current = visible;
  }, [visible, resetForm]);
  return null;
}

function plainValue(value: unknown, words: { empty: string; yes: string; no: string }): string {
  if (isBlank(value)) return words.empty;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (Array.isArray(value)) return value.map((v) => plainValue(v, words)).join(', ');
  if (value instanceof File) return value.name;
  if (typeof value === 'object' && value !== null && 'name' in value) return String((value as { name: unknown }).name);
  return String(value);
}

/**
 * The add/edit dialog of spec §2: modal and persistent (no close on outside click or Esc),
 * at most 600 px wide, with the starred-fields note; closing resets values and validation.
 * An invalid submit shows the red snackbar_required (or, when nothing is missing, what is wrong:
 * invalidSubmitKey) and sends nothing (spec §5).
 *
 * A stale save (409, ADR 0011) loses nothing: with `reload`, the form takes the values saved
 * meanwhile and the new version, and a panel lists the user's own values beside them to take
 * back per field or all at once before saving again.
 */
export function FormDialog<Values extends object>({
  visible,
  title,
  initialValues,
  validationSchema,
  onSubmit,
  onHide,
  children,
  maxWidth = DIALOG_WIDTH.form,
  submitLabel,
  version,
  reload,
  conflictFields,
  describeValue,
  history,
}: FormDialogProps<Values>) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const dispatch = useDispatch();
  const formId = useId();
  const [fresh, setFresh] = useState<FreshRecord<Values> | null>(null);
  const [conflict, setConflict] = useState<Conflict<Values> | null>(null);
  const refreshLists = useRefreshLists();
  const RecordTabs = useContext(RecordTabsContext);
  // The profile answer (one cached query) says whether the role may read the log; a dialog
  // without a record to show never asks.
  const { data: me } = useGetLoggedUserQuery(undefined, { skip: history === undefined || RecordTabs === null });
  const tabbed = history !== undefined && RecordTabs !== null && allowed(me?.permissions, 'activity', 'read');
  const [tab, setTab] = useState(FORM_TAB);
  const onForm = !tabbed || tab === FORM_TAB;

  // Another record, or the dialog closed: the last conflict is over.
  useEffect(() => {
    setFresh(null);
    setConflict(null);
  }, [visible, version]);

  // Every opening, and another record, starts on the form.
  useEffect(() => {
    setTab(FORM_TAB);
  }, [visible, history?.resource, history?.id]);

  const compared = Object.keys(conflictFields ?? {}) as FieldName<Values>[];

  /**
   * A stale save (issue 20): only the fields this user changed since the form was opened (or
   * last reloaded) are theirs. Those keep the user's value unless the other save changed them
   * too (then the form shows the saved value and the panel offers the user's back); every other
   * field takes the saved value, and the lists on screen refresh.
   */
  const handleStale = async (error: unknown, mine: Values, opened: Values) => {
    if (!reload) {
      dispatch(dialogShown(describeError(error)));
      return;
    }
    const next = await reload();
    refreshLists();
    const merged = { ...mine } as Record<string, unknown>;
    const typed = mine as Record<string, unknown>;
    const base = opened as Record<string, unknown>;
    const theirs = next.values as Record<string, unknown>;
    const changed = compared.filter((field) => !sameValue(typed[field], base[field]));
    for (const field of compared) {
      const mineOnly = changed.includes(field) && sameValue(theirs[field], base[field]);
      merged[field] = mineOnly ? typed[field] : theirs[field];
    }
    const conflicting = changed.filter((field) => !sameValue(theirs[field], base[field]) && !sameValue(theirs[field], typed[field]));
    setFresh({ values: merged as Values, version: next.version });
    setConflict({ mine, theirs: next.values, conflicting, changedAny: changed.length > 0 });
  };

  return (
    <Formik<Values>
      initialValues={fresh?.values ?? initialValues}
      validationSchema={validationSchema}
      enableReinitialize
      onSubmit={async (values, helpers) => {
        try {
          await onSubmit(values, helpers, { version: fresh?.version ?? version });
        } catch (error) {
          // 409: the form shows what changed; anything else the API layer already showed.
          if (errorStatus(error) === 409) {
            try {
              await handleStale(error, values, (fresh?.values ?? initialValues) as Values);
            } catch {
              // The reload failed and the API layer said why; the form stays as typed.
            }
          }
        }
      }}
    >
      {(formik) => {
        const close = () => {
          formik.resetForm();
          setFresh(null);
          setConflict(null);
          setTab(FORM_TAB);
          onHide();
        };
        const submit = async () => {
          const errors = await formik.validateForm();
          if (Object.keys(errors).length > 0) snackbar.error(translateErrorKey(i18n, t, invalidSubmitKey(errors)));
          await formik.submitForm();
        };
        const current = formik.values as Record<string, unknown>;
        const rows: ConflictRow[] = [];
        if (conflict) {
          const mine = conflict.mine as Record<string, unknown>;
          const theirs = conflict.theirs as Record<string, unknown>;
          const show = (field: FieldName<Values>, value: unknown) =>
            describeValue?.(field, value) ??
            plainValue(value, { empty: t('conflict.empty'), yes: t('conflict.yes'), no: t('conflict.no') });
          // Listed: what both changed, differently. What only the other save changed is taken
          // silently; what only this user changed stays in the form.
          for (const field of compared) {
            if (!conflict.conflicting.includes(field)) continue;
            rows.push({
              field,
              label: conflictFields?.[field] ?? field,
              theirs: show(field, theirs[field]),
              mine: show(field, mine[field]),
              usingMine: sameValue(current[field], mine[field]),
            });
          }
        }
        const takeMine = (field: string) => {
          void formik.setFieldValue(field, (conflict?.mine as Record<string, unknown>)[field]);
        };
        return (
          <>
            <ResetOnOpen visible={visible} />
            <Dialog
              visible={visible}
              onHide={close}
              header={title}
              modal
              focusOnShow={false}
              onShow={() => focusFirstField(document.getElementById(formId))}
              closeOnEscape={false}
              data-keeps-open-on-escape
              dismissableMask={false}
              draggable={false}
              resizable={false}
              blockScroll
              // A record's history and timeline are tables: wide, like a details dialog.
              style={dialogStyle(onForm ? maxWidth : DIALOG_WIDTH.wide)}
              className={tabbed ? 'form-dialog form-dialog--tabbed' : 'form-dialog'}
              footer={
                <div className="form-dialog__footer">
                  <Button
                    type="button"
                    label={t('dialog.cancel')}
                    icon="pi pi-times"
                    severity="secondary"
                    text
                    onClick={close}
                    disabled={formik.isSubmitting}
                  />
                  {onForm && (
                    <Button
                      type="submit"
                      form={formId}
                      label={submitLabel ?? t('dialog.save')}
                      icon="pi pi-check"
                      loading={formik.isSubmitting}
                    />
                  )}
                </div>
              }
            >
              {tabbed && history && RecordTabs && (
                // The tabs' code and strings load with the first dialog that shows them; the
                // form stays where it is (hidden on another tab), so nothing typed is lost.
                <Suspense fallback={null}>
                  <RecordTabs
                    record={history}
                    tab={tab}
                    onTab={setTab}
                    formId={formId}
                    onRecordChanged={() => {
                      // A revert is this user's own change: an untouched form takes the record
                      // as it is now (and its version); typed changes stay, and a save then
                      // meets the usual stale-save merge.
                      if (!reload || formik.dirty) return;
                      reload().then(setFresh, () => undefined);
                    }}
                  />
                </Suspense>
              )}
              <Form
                id={formId}
                noValidate
                className="form-grid"
                hidden={!onForm}
                {...(tabbed ? { role: 'tabpanel', 'aria-labelledby': `${formId}-tab` } : {})}
                onSubmit={(e) => {
                  e.preventDefault();
                  void submit();
                }}
              >
                {conflict && (
                  <ConflictPanel
                    key={fresh?.version}
                    rows={rows}
                    keptMine={conflict.changedAny}
                    onUseMine={takeMine}
                    onUseAllMine={() => rows.forEach((r) => takeMine(r.field))}
                  />
                )}
                {typeof children === 'function' ? children(formik) : children}
                <p className="form-dialog__note">{t('dialog.required_note')}</p>
              </Form>
            </Dialog>
          </>
        );
      }}
    </Formik>
  );
}

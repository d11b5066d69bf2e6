import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Dialog } from 'primereact/dialog';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { MultiSelect } from 'primereact/multiselect';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetLoggedUserQuery } from '../../api/me';
import { useSnackbar } from '../../snackbar/snackbarContext';
import { DIALOG_WIDTH, dialogStyle } from '../../ui/dialogWidth';
import {
  useCreateViewMutation,
  useDeleteViewMutation,
  useUpdateViewMutation,
  type SavedView,
  type ViewForm,
  type ViewState,
} from './api';
import './views.css';

/** The longest view name the server keeps (ADR 0012's names). */
const MAX_VIEW_NAME = 200;

/** The roles a view may be shared with, in the panel's order. */
const ROLES = ['admin', 'director', 'manager', 'engineer', 'financier'];

/** An admin or a director may share a view with roles (ADR 0041). */
const mayShare = (roles: readonly string[] | undefined) =>
  roles?.includes('admin') === true || roles?.includes('director') === true;

type DialogMode = { kind: 'create' } | { kind: 'rename'; view: SavedView } | { kind: 'share'; view: SavedView };

export interface ViewsMenuProps {
  /** The list call's name (`partners`, `cities`…). */
  list: string;
  views: SavedView[];
  /** The list's state now, which "save" keeps. */
  current: ViewState;
  /** The view applied, if any. */
  appliedId?: number;
  onApply: (view: SavedView) => void;
  /** Back to the list's own defaults, no view applied. */
  onClear: () => void;
  /** A phone: the button shows its icon only. */
  compact?: boolean;
}

function formOf(view: SavedView, changes: Partial<ViewForm> = {}): ViewForm & { id: number; version: number } {
  return {
    id: view.id,
    version: view.version,
    list: view.list,
    name: view.name,
    state: view.state,
    default: view.default,
    shared_roles: view.shared_roles,
    ...changes,
  };
}

/**
 * The toolbar's saved views (ADR 0041): pick one, save the list as it is under a name, and for
 * the view applied (one's own) update it, make it the default, rename, share (admin, director)
 * or delete it. Views shared with the role are listed apart, read-only.
 */
export function ViewsMenu({ list, views, current, appliedId, onApply, onClear, compact = false }: ViewsMenuProps) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const menu = useRef<Menu>(null);
  const menuId = useId();
  const { data: me } = useGetLoggedUserQuery();
  const sharer = mayShare(me?.roles);
  const [create, createState] = useCreateViewMutation();
  const [update, updateState] = useUpdateViewMutation();
  const [remove] = useDeleteViewMutation();
  const [dialog, setDialog] = useState<{ mode: DialogMode; visible: boolean } | null>(null);
  const [deleting, setDeleting] = useState<SavedView | null>(null);

  const applied = views.find((v) => v.id === appliedId);
  const own = views.filter((v) => v.own);
  const shared = views.filter((v) => !v.own);

  const save = async (changes: ViewForm & { id: number; version: number }, done: string) => {
    try {
      await update(changes).unwrap();
      snackbar.success(t(done, { name: changes.name }));
      return true;
    } catch (e) {
      if ((e as { status?: unknown }).status === 409) snackbar.error(t('views.stale'));
      return false;
    }
  };

  const viewItem = (v: SavedView): MenuItem => ({
    label: v.name,
    icon: v.id === appliedId ? 'pi pi-check' : v.default ? 'pi pi-star-fill' : 'pi pi-bookmark',
    className: v.id === appliedId ? 'views-menu__applied' : undefined,
    command: () => onApply(v),
  });

  const items: MenuItem[] = [];
  if (own.length > 0) items.push({ label: t('views.mine'), items: own.map(viewItem) });
  if (shared.length > 0) items.push({ label: t('views.shared'), items: shared.map(viewItem) });
  if (views.length === 0) items.push({ label: t('views.none'), disabled: true });
  const actions: MenuItem[] = [{ label: t('views.save_as'), icon: 'pi pi-plus', command: () => setDialog({ mode: { kind: 'create' }, visible: true }) }];
  if (applied && !applied.read_only) {
    actions.push({
      label: t('views.update'),
      icon: 'pi pi-save',
      command: () => void save(formOf(applied, { state: current }), 'views.updated'),
    });
    if (applied.own) {
      actions.push({
        label: applied.default ? t('views.unset_default') : t('views.set_default'),
        icon: applied.default ? 'pi pi-star' : 'pi pi-star-fill',
        command: () => void save(formOf(applied, { default: !applied.default }), applied.default ? 'views.default_unset' : 'views.default_set'),
      });
    }
    actions.push({ label: t('views.rename'), icon: 'pi pi-pencil', command: () => setDialog({ mode: { kind: 'rename', view: applied }, visible: true }) });
    if (sharer) {
      actions.push({ label: t('views.share'), icon: 'pi pi-users', command: () => setDialog({ mode: { kind: 'share', view: applied }, visible: true }) });
    }
    actions.push({ label: t('views.delete'), icon: 'pi pi-trash', command: () => setDeleting(applied) });
  }
  if (applied) actions.push({ label: t('views.clear'), icon: 'pi pi-times', command: onClear });
  items.push({ separator: true }, { label: t('views.actions'), items: actions });

  const title = t('views.title');
  return (
    <>
      <Button
        type="button"
        icon="pi pi-bookmark"
        label={compact ? undefined : (applied?.name ?? title)}
        aria-label={applied ? t('views.button_applied', { name: applied.name }) : title}
        title={applied ? t('views.button_applied', { name: applied.name }) : title}
        aria-haspopup="menu"
        aria-controls={menuId}
        outlined
        className="views-menu__button"
        onClick={(e) => menu.current?.toggle(e)}
      />
      <Menu model={items} popup ref={menu} id={menuId} className="views-menu" aria-label={title} />
      {dialog && (
        <ViewDialog
          mode={dialog.mode}
          visible={dialog.visible}
          sharer={sharer}
          busy={createState.isLoading || updateState.isLoading}
          onHide={() => setDialog((d) => (d ? { ...d, visible: false } : d))}
          onSave={async (name, isDefault, roles) => {
            const mode = dialog.mode;
            if (mode.kind === 'create') {
              try {
                const created = await create({ list, name, state: current, default: isDefault, shared_roles: roles }).unwrap();
                snackbar.success(t('views.saved', { name }));
                onApply(created);
                return true;
              } catch {
                return false; // the error dialog says why
              }
            }
            const changes = mode.kind === 'rename' ? { name } : { shared_roles: roles };
            return save(formOf(mode.view, changes), mode.kind === 'rename' ? 'views.renamed' : 'views.shared_saved');
          }}
        />
      )}
      <ConfirmDialog
        visible={deleting !== null}
        onHide={() => setDeleting(null)}
        header={t('views.delete_title')}
        message={deleting ? t('views.delete_message', { name: deleting.name }) : ''}
        icon="pi pi-trash"
        acceptLabel={t('views.delete')}
        rejectLabel={t('dialog.cancel')}
        acceptClassName="p-button-danger"
        accept={() => {
          const v = deleting;
          if (!v) return;
          remove({ id: v.id, list })
            .unwrap()
            .then(() => {
              snackbar.success(t('views.deleted', { name: v.name }));
              if (v.id === appliedId) onClear();
            })
            .catch(() => undefined);
        }}
        reject={() => setDeleting(null)}
        draggable={false}
        style={dialogStyle(DIALOG_WIDTH.notice)}
      />
    </>
  );
}

interface ViewDialogProps {
  mode: DialogMode;
  visible: boolean;
  sharer: boolean;
  busy: boolean;
  onHide: () => void;
  /** Answers whether it saved; the dialog then closes. */
  onSave: (name: string, isDefault: boolean, roles: string[]) => Promise<boolean>;
}

/** Save as, rename and share: a name, the default flag (new views) and the roles (sharers). */
function ViewDialog({ mode, visible, sharer, busy, onHide, onSave }: ViewDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const initial = mode.kind === 'create' ? undefined : mode.view;
  const [name, setName] = useState(initial?.name ?? '');
  const [isDefault, setDefault] = useState(false);
  const [roles, setRoles] = useState<string[]>(initial?.shared_roles ?? []);
  const [touched, setTouched] = useState(false);
  const nameError = name.trim() === '' ? t('views.name_required') : undefined;
  const showName = mode.kind !== 'share';
  const showRoles = sharer && mode.kind !== 'rename';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (showName && nameError) return;
    if (await onSave(name.trim(), isDefault, roles)) onHide();
  };

  const header = t(mode.kind === 'create' ? 'views.save_as_title' : mode.kind === 'rename' ? 'views.rename_title' : 'views.share_title');
  return (
    <Dialog visible={visible} onHide={onHide} header={header} modal draggable={false} style={dialogStyle(DIALOG_WIDTH.notice)}>
      <form className="views-dialog" onSubmit={(e) => void submit(e)} noValidate>
        {showName && (
          <div className="views-dialog__field">
            <label htmlFor={`${id}-name`}>{t('views.name')} *</label>
            <input
              id={`${id}-name`}
              className={`p-inputtext p-component${touched && nameError ? ' p-invalid' : ''}`}
              value={name}
              maxLength={MAX_VIEW_NAME}
              autoFocus
              aria-invalid={touched && nameError !== undefined}
              aria-describedby={touched && nameError ? `${id}-name-error` : undefined}
              onChange={(e) => setName(e.target.value)}
            />
            {touched && nameError && (
              <small id={`${id}-name-error`} className="p-error">
                {nameError}
              </small>
            )}
          </div>
        )}
        {mode.kind === 'create' && (
          <div className="views-dialog__check">
            <Checkbox inputId={`${id}-default`} checked={isDefault} onChange={(e) => setDefault(e.checked === true)} />
            <label htmlFor={`${id}-default`}>{t('views.as_default')}</label>
          </div>
        )}
        {showRoles && (
          <div className="views-dialog__field">
            <label htmlFor={`${id}-roles`}>{t('views.shared_roles')}</label>
            <MultiSelect
              inputId={`${id}-roles`}
              value={roles}
              options={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
              onChange={(e) => setRoles(e.value as string[])}
              placeholder={t('views.shared_none')}
              display="chip"
              className="views-dialog__roles"
            />
            <small>{t('views.shared_hint')}</small>
          </div>
        )}
        <div className="views-dialog__buttons">
          <Button type="button" label={t('dialog.cancel')} outlined onClick={onHide} />
          <Button type="submit" label={t('views.save')} icon="pi pi-check" loading={busy} />
        </div>
      </form>
    </Dialog>
  );
}

import { useTranslation } from 'react-i18next';
import { useEditedRecord } from '../../../shared/form/editedRecord';
import { FormDialog, type SubmitContext } from '../../../shared/form/FormDialog';
import { TextField } from '../../../shared/form/TextField';
import type { FormRenderProps } from '../../../shared/list/types';
import type { NamedRecord } from '../types';
import { namedSchema, type NamedFormValues } from './schema';

interface Trigger<Arg, Answer = unknown> {
  (arg: Arg): { unwrap: () => Promise<Answer> };
}

export interface NameFormDialogProps extends FormRenderProps<NamedRecord> {
  /** Catalogue keys: the dialog titles and the field's label. */
  addTitle: string;
  editTitle: string;
  nameLabel: string;
  useCreate: () => readonly [Trigger<{ name: string }, NamedRecord>, ...unknown[]];
  useUpdate: () => readonly [Trigger<{ id: number; version: number; body: { name: string } }>, ...unknown[]];
  /** The API path of the resource, e.g. 'categories': where a stale edit reloads the record. */
  resource: string;
}

/** The add/edit dialog of a name-only resource (spec §2 "Countries and categories lists"). */
export function NameFormDialog({
  state,
  visible,
  onHide,
  onSaved,
  addTitle,
  editTitle,
  nameLabel,
  useCreate,
  useUpdate,
  resource,
}: NameFormDialogProps) {
  const { t } = useTranslation();
  const [create] = useCreate();
  const [update] = useUpdate();
  const row = state.mode === 'edit' ? state.row : undefined;
  const edited = useEditedRecord(row, (r) => `${resource}/${r.id}`, (fresh): NamedFormValues => ({ name: fresh.name }));

  const onSubmit = async (values: NamedFormValues, _helpers: unknown, { version }: SubmitContext) => {
    const body = { name: values.name.trim() };
    if (row) {
      await update({ id: row.id, version: version ?? row.version, body }).unwrap();
      onSaved();
    } else {
      // The list shows the new record on top, whatever its sort.
      onSaved(undefined, await create(body).unwrap());
    }
  };

  return (
    <FormDialog<NamedFormValues>
      visible={visible}
      title={t(row ? editTitle : addTitle)}
      initialValues={{ name: row?.name ?? '' }}
      validationSchema={namedSchema()}
      onSubmit={onSubmit}
      onHide={onHide}
      {...edited}
      history={row ? { resource, id: row.id } : undefined}
      conflictFields={{ name: t(nameLabel) }}
    >
      <TextField name="name" label={t(nameLabel)} required autoFocus autoComplete="off" />
    </FormDialog>
  );
}

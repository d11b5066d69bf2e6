import { useTranslation } from 'react-i18next';
import { PRICE } from '../../../shared/format/amount';
import { AmountField } from '../../../shared/form/AmountField';
import { useEditedRecord } from '../../../shared/form/editedRecord';
import { FormDialog, type SubmitContext } from '../../../shared/form/FormDialog';
import { ImageField } from '../../../shared/form/ImageField';
import { TextAreaField } from '../../../shared/form/TextAreaField';
import { TextField } from '../../../shared/form/TextField';
import type { FormRenderProps } from '../../../shared/list/types';
import type { Product } from '../types';
import { useCreateProductMutation, useUpdateProductMutation } from './api';
import { initialProductValues, productSchema, toProductFormData, type ProductFormValues } from './schema';

export function ProductFormDialog({ state, visible, onHide, onSaved }: FormRenderProps<Product>) {
  const { t, i18n } = useTranslation();
  const [createProduct] = useCreateProductMutation();
  const [updateProduct] = useUpdateProductMutation();
  const row = state.mode === 'edit' ? state.row : undefined;
  const edited = useEditedRecord(row, (r) => `products/${r.id}`, (fresh) => initialProductValues(fresh, i18n.language));

  const onSubmit = async (values: ProductFormValues, _helpers: unknown, { version }: SubmitContext) => {
    const body = toProductFormData(values, i18n.language);
    if (row) {
      await updateProduct({ id: row.id, version: version ?? row.version, body }).unwrap();
      onSaved();
    } else {
      // The list shows the new record on top, whatever its sort.
      onSaved(undefined, await createProduct(body).unwrap());
    }
  };

  return (
    <FormDialog<ProductFormValues>
      visible={visible}
      title={t(row ? 'products.edit_title' : 'products.add_title')}
      initialValues={initialProductValues(row, i18n.language)}
      validationSchema={productSchema(state.mode, i18n.language)}
      onSubmit={onSubmit}
      onHide={onHide}
      {...edited}
      history={row ? { resource: 'products', id: row.id } : undefined}
      conflictFields={{ name: t('products.name'), description: t('products.description'), price: t('products.price') }}
    >
      <TextField name="name" label={t('products.name')} required autoFocus autoComplete="off" />
      <TextAreaField name="description" label={t('products.description')} required />
      <div className="form-row">
        <AmountField name="price" label={t('products.price')} required precision={PRICE} hint={t('products.price_hint')} />
      </div>
      <ImageField
        name="image"
        label={t('products.image')}
        required={state.mode === 'add'}
        currentUrl={row?.image_url}
        hint={row ? t('products.image_edit_hint') : undefined}
      />
    </FormDialog>
  );
}

import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActiveChip } from '../../../shared/list/ActiveChip';
import type { Product } from '../types';
import { PriceText } from './PriceText';
import { DIALOG_WIDTH, dialogStyle } from '../../../shared/ui/dialogWidth';

interface ProductDetailsDialogProps {
  product: Product | null;
  visible: boolean;
  onHide: () => void;
}

/** Spec §2 "Products": a read-only details dialog showing the product image. */
export function ProductDetailsDialog({ product, visible, onHide }: ProductDetailsDialogProps) {
  const { t, i18n } = useTranslation();
  const [broken, setBroken] = useState<string | null>(null);
  const updated = product ? new Date(product.updated_at) : null;

  return (
    <Dialog
      visible={visible}
      onHide={onHide}
      header={t('products.details_title')}
      modal
      dismissableMask
      draggable={false}
      resizable={false}
      blockScroll
      style={dialogStyle(DIALOG_WIDTH.wide)}
      className="details-dialog"
      footer={<Button type="button" label={t('dialog.close')} icon="pi pi-times" onClick={onHide} autoFocus />}
    >
      {product && (
        <div className="product-details">
          <figure className="product-details__image">
            {broken === product.image_url ? (
              <span className="image-field__placeholder">
                <i className="pi pi-image" aria-hidden />
                <small>{t('image.no_preview')}</small>
              </span>
            ) : (
              <img src={product.image_url} alt={product.name} onError={() => setBroken(product.image_url)} />
            )}
          </figure>
          <dl className="product-details__fields">
            <div>
              <dt>{t('products.name')}</dt>
              <dd data-testid="details-name">{product.name}</dd>
            </div>
            <div>
              <dt>{t('products.description')}</dt>
              <dd data-testid="details-description">{product.description}</dd>
            </div>
            <div>
              <dt>{t('products.price')}</dt>
              <dd data-testid="details-price">
                <PriceText value={product.price} />
              </dd>
            </div>
            <div>
              <dt>{t('table.status')}</dt>
              <dd>
                <ActiveChip active={product.is_active} />
              </dd>
            </div>
            {updated && !Number.isNaN(updated.getTime()) && (
              <div>
                <dt>{t('catalog.updated_at')}</dt>
                <dd>
                  {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(updated)}
                </dd>
              </div>
            )}
          </dl>
        </div>
      )}
    </Dialog>
  );
}

import { BULK_LISTS } from '../../../shared/bulk/lists';
import { useCanWrite } from '../../../shared/auth/permissions';
import { useState } from 'react';
import { ListPage } from '../../../shared/list/ListPage';
import type { ListColumn, RowAction } from '../../../shared/list/types';
import type { Product } from '../types';
import { useListProductsQuery, useToggleProductMutation } from './api';
import { PriceText } from './PriceText';
import { ProductDetailsDialog } from './ProductDetailsDialog';
import { ProductFormDialog } from './ProductFormDialog';

const columns: ListColumn<Product>[] = [
  {
    field: 'thumb_url',
    header: 'products.image',
    sortable: false,
    width: '5.5rem',
    // The server's list-sized thumbnail; tables never load the full image.
    body: (p) => <img className="product-thumb" src={p.thumb_url} alt="" width={44} height={44} loading="lazy" />,
  },
  { field: 'name', header: 'products.name', filter: true },
  {
    field: 'description',
    header: 'products.description',
    filter: true,
    body: (p) => <span className="cell-clamp">{p.description}</span>,
  },
  { field: 'price', header: 'products.price', align: 'right', width: '9rem', body: (p) => <PriceText value={p.price} /> },
];

/** Spec §2 "Products": the generic list with a thumbnail, a details dialog and a multipart form. */
export default function ProductsPage() {
  const canWrite = useCanWrite('products');
  // The product stays set while the dialog animates out.
  const [details, setDetails] = useState<{ product: Product | null; visible: boolean }>({ product: null, visible: false });

  const actions: RowAction<Product>[] = [
    { key: 'details', icon: 'pi pi-eye', label: 'products.details', onClick: (product) => setDetails({ product, visible: true }) },
  ];

  return (
    <>
      <ListPage<Product>
        title="products.title"
        viewList="products"
        columns={columns}
        defaultSort={{ field: 'name', order: 'asc' }}
        useList={useListProductsQuery}
        canWrite={canWrite}
        bulk={BULK_LISTS.products}
        useToggle={useToggleProductMutation}
        rowLabel={(p) => p.name}
        rowActions={actions}
        renderForm={(props) => <ProductFormDialog {...props} />}
      />
      <ProductDetailsDialog
        product={details.product}
        visible={details.visible}
        onHide={() => setDetails((d) => ({ ...d, visible: false }))}
      />
    </>
  );
}

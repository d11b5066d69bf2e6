import { BULK_LISTS } from '../../../shared/bulk/lists';
import { useCanWrite } from '../../../shared/auth/permissions';
import { ListPage } from '../../../shared/list/ListPage';
import type { ListColumn } from '../../../shared/list/types';
import type { Store } from '../types';
import { useListStoresQuery, useToggleStoreMutation } from './api';
import { StoreFormDialog } from './StoreFormDialog';

const columns: ListColumn<Store>[] = [
  { field: 'city_name', header: 'stores.city', filter: true },
  { field: 'address', header: 'stores.address', filter: true },
  { field: 'contact', header: 'stores.contact', filter: true },
];

/** Spec §2 "Stores": city, address, contact, active, actions. */
export default function StoresPage() {
  const canWrite = useCanWrite('stores');
  return (
    <ListPage<Store>
      title="stores.title"
      viewList="stores"
      columns={columns}
      defaultSort={{ field: 'city_name', order: 'asc' }}
      useList={useListStoresQuery}
      canWrite={canWrite}
      bulk={BULK_LISTS.stores}
      useToggle={useToggleStoreMutation}
      rowLabel={(s) => `${s.address}, ${s.city_name}`}
      renderForm={(props) => <StoreFormDialog {...props} />}
    />
  );
}

import { BULK_LISTS } from '../../../shared/bulk/lists';
import { useCanWrite } from '../../../shared/auth/permissions';
import { ListPage } from '../../../shared/list/ListPage';
import type { ListColumn } from '../../../shared/list/types';
import { NameFormDialog } from '../named/NameFormDialog';
import type { NamedRecord } from '../types';
import {
  useCreateCategoryMutation,
  useListCategoriesQuery,
  useToggleCategoryMutation,
  useUpdateCategoryMutation,
} from './api';

const columns: ListColumn<NamedRecord>[] = [{ field: 'name', header: 'categories.name', filter: true }];

/** Spec §2 "Countries and categories lists": a configuration of the generic list. */
export default function CategoriesPage() {
  const canWrite = useCanWrite('categories');
  return (
    <ListPage<NamedRecord>
      title="categories.title"
      viewList="categories"
      columns={columns}
      defaultSort={{ field: 'name', order: 'asc' }}
      useList={useListCategoriesQuery}
      canWrite={canWrite}
      bulk={BULK_LISTS.categories}
      useToggle={useToggleCategoryMutation}
      rowLabel={(c) => c.name}
      renderForm={(props) => (
        <NameFormDialog
          {...props}
          addTitle="categories.add_title"
          editTitle="categories.edit_title"
          nameLabel="categories.name"
          useCreate={useCreateCategoryMutation}
          resource="categories"
          useUpdate={useUpdateCategoryMutation}
        />
      )}
    />
  );
}

import { BULK_LISTS } from '../../../shared/bulk/lists';
import { useCanWrite } from '../../../shared/auth/permissions';
import { ListPage } from '../../../shared/list/ListPage';
import type { ListColumn } from '../../../shared/list/types';
import { NameFormDialog } from '../named/NameFormDialog';
import type { NamedRecord } from '../types';
import {
  useCreateCountryMutation,
  useListCountriesQuery,
  useToggleCountryMutation,
  useUpdateCountryMutation,
} from './api';

const columns: ListColumn<NamedRecord>[] = [{ field: 'name', header: 'countries.name', filter: true }];

/** Spec §2 "Countries and categories lists": a configuration of the generic list. */
export default function CountriesPage() {
  const canWrite = useCanWrite('countries');
  return (
    <ListPage<NamedRecord>
      title="countries.title"
      viewList="countries"
      columns={columns}
      defaultSort={{ field: 'name', order: 'asc' }}
      useList={useListCountriesQuery}
      canWrite={canWrite}
      bulk={BULK_LISTS.countries}
      useToggle={useToggleCountryMutation}
      rowLabel={(c) => c.name}
      renderForm={(props) => (
        <NameFormDialog
          {...props}
          addTitle="countries.add_title"
          editTitle="countries.edit_title"
          nameLabel="countries.name"
          useCreate={useCreateCountryMutation}
          resource="countries"
          useUpdate={useUpdateCountryMutation}
        />
      )}
    />
  );
}

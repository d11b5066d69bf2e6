import { BULK_LISTS } from '../../../shared/bulk/lists';
import { useCanWrite } from '../../../shared/auth/permissions';
import { ListPage } from '../../../shared/list/ListPage';
import type { ListColumn } from '../../../shared/list/types';
import type { City } from '../types';
import { useListCitiesQuery, useToggleCityMutation } from './api';
import { CityFormDialog } from './CityFormDialog';

const columns: ListColumn<City>[] = [
  { field: 'name', header: 'cities.name', filter: true },
  { field: 'country_name', header: 'cities.country', filter: true },
];

/** Spec §2 "Cities list": name, country name, active, actions. */
export default function CitiesPage() {
  const canWrite = useCanWrite('cities');
  return (
    <ListPage<City>
      title="cities.title"
      viewList="cities"
      columns={columns}
      defaultSort={{ field: 'name', order: 'asc' }}
      useList={useListCitiesQuery}
      canWrite={canWrite}
      bulk={BULK_LISTS.cities}
      useToggle={useToggleCityMutation}
      rowLabel={(c) => c.name}
      renderForm={(props) => <CityFormDialog {...props} />}
    />
  );
}

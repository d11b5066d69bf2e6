import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../shared/ui/PageLoader';
import { useActiveStoresQuery, useTileSettingsQuery } from '../api';
import '../templates.css';
import { StoresMap } from './StoresMap';

/** /maps: every active store on one map, and the same stores as a list beside it (below on phones). */
export default function MapsPage() {
  const { t } = useTranslation();
  const stores = useActiveStoresQuery(undefined, { refetchOnMountOrArgChange: true });
  const settings = useTileSettingsQuery();
  const [focused, setFocused] = useState<{ id: number; at: number } | null>(null);
  const list = stores.data ?? [];

  return (
    <section className="template-page" aria-labelledby="maps-title">
      <header className="template-page__header">
        <div>
          <h1 id="maps-title" className="page-title">
            {t('templates.maps.title')}
          </h1>
          <p className="page-intro">{t('templates.maps.intro')}</p>
        </div>
        <Button
          type="button"
          icon="pi pi-refresh"
          rounded
          text
          aria-label={t('table.refresh')}
          title={t('table.refresh')}
          onClick={() => void stores.refetch()}
        />
      </header>
      {stores.isLoading ? (
        <PageLoader />
      ) : (
        <div className="maps-layout">
          <StoresMap stores={list} settings={settings.data ?? null} focused={focused} />
          <div className="maps-list-card">
            <h2 className="template-section__title" id="maps-list-title">
              {t('templates.maps.list_title', { count: list.length })}
            </h2>
            {list.length === 0 ? (
              <Message severity="info" text={t('table.no_data')} />
            ) : (
              <ol className="maps-list" aria-labelledby="maps-list-title">
                {list.map((store, i) => (
                  <li key={store.id} className="maps-list__item" data-store={store.id}>
                    <span className="maps-list__number" aria-hidden>
                      {i + 1}
                    </span>
                    <span className="maps-list__text">
                      <strong className="maps-list__city">{store.city_name}</strong>
                      <span className="maps-list__address">{store.address}</span>
                      <span className="maps-list__contact">{store.contact}</span>
                    </span>
                    <Button
                      type="button"
                      icon="pi pi-map-marker"
                      rounded
                      text
                      aria-label={t('templates.maps.show', { address: `${store.city_name}, ${store.address}` })}
                      title={t('templates.maps.show', { address: `${store.city_name}, ${store.address}` })}
                      onClick={() => setFocused({ id: store.id, at: Date.now() })}
                    />
                  </li>
                ))}
              </ol>
            )}
          </div>
        </div>
      )}
    </section>
  );
}

import 'leaflet/dist/leaflet.css';
import { divIcon, latLngBounds, type LeafletEventHandlerFnMap, type Marker as LeafletMarker } from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet';
import type { MapStore, TileSettings } from '../types';

/** Montenegro, at the spec's default zoom (§9), until the stores are known. */
const START = { center: [42.7, 19.3] as [number, number], zoom: 7 };

/** A numbered CSS pin: the number is the store's place in the list beside the map. */
function pin(n: number) {
  return divIcon({
    className: 'map-pin',
    html: `<span class="map-pin__head"><span class="map-pin__number">${n}</span></span>`,
    iconSize: [30, 40],
    iconAnchor: [15, 40],
    popupAnchor: [0, -36],
  });
}

/** Frames every store once they are known, and again when the box changes size. */
function FitStores({ stores }: { stores: MapStore[] }) {
  const map = useMap();
  useEffect(() => {
    const fit = () => {
      map.invalidateSize();
      if (stores.length === 0) return;
      map.fitBounds(latLngBounds(stores.map((s) => [s.lat, s.lng] as [number, number])), {
        padding: [36, 36],
        maxZoom: 14,
        animate: false,
      });
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map, stores]);
  return null;
}

export interface StoresMapProps {
  stores: MapStore[];
  settings: TileSettings | null;
  /** The store whose popup should open, chosen in the list (at: when, so a second click reopens it). */
  focused: { id: number; at: number } | null;
}

/**
 * Every active store on one Leaflet map, each marker with a popup of city, address and contact.
 * Without tiles (no internet) the markers still show on a plain grid.
 */
export function StoresMap({ stores, settings, focused }: StoresMapProps) {
  const { t } = useTranslation();
  const markers = useRef(new Map<number, LeafletMarker>());
  const [tiles, setTiles] = useState({ failed: false, loaded: false });
  const tileEvents = useMemo<LeafletEventHandlerFnMap>(
    () => ({
      tileerror: () => setTiles((s) => (s.failed ? s : { ...s, failed: true })),
      tileload: () => setTiles((s) => (s.loaded ? s : { ...s, loaded: true })),
    }),
    [],
  );

  useEffect(() => {
    if (focused) markers.current.get(focused.id)?.openPopup();
  }, [focused]);

  return (
    <div className="stores-map">
      <div className="stores-map__box" role="group" aria-label={t('templates.maps.map_label')}>
        <MapContainer center={START.center} zoom={START.zoom} minZoom={2} maxZoom={19} className="stores-map__map">
          {settings?.tiles && (
            <TileLayer url={settings.tiles} attribution={settings.attribution} maxZoom={19} eventHandlers={tileEvents} />
          )}
          <FitStores stores={stores} />
          {stores.map((store, i) => (
            <Marker
              key={store.id}
              position={[store.lat, store.lng]}
              icon={pin(i + 1)}
              title={`${store.city_name}, ${store.address}`}
              alt={`${store.city_name}, ${store.address}`}
              ref={(marker) => {
                if (marker) markers.current.set(store.id, marker);
                else markers.current.delete(store.id);
              }}
            >
              <Popup>
                <div className="stores-map__popup" data-store={store.id}>
                  <strong>{store.city_name}</strong>
                  <span>{store.address}</span>
                  <span>
                    <i className="pi pi-phone" aria-hidden /> {store.contact}
                  </span>
                </div>
              </Popup>
            </Marker>
          ))}
        </MapContainer>
      </div>
      {tiles.failed && !tiles.loaded && (
        <p className="stores-map__notice" role="status">
          <i className="pi pi-wifi" aria-hidden /> {t('templates.maps.tiles_unavailable')}
        </p>
      )}
    </div>
  );
}

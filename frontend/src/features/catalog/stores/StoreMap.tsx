import 'leaflet/dist/leaflet.css';
import { divIcon, type LeafletEventHandlerFnMap, type Marker as LeafletMarker } from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import type { MapSettings } from '../types';
import { DEFAULT_ZOOM, MONTENEGRO, normalizePosition, STORE_ZOOM, type LatLng } from './position';

export interface StoreMapProps {
  position: LatLng | null;
  onChange: (position: LatLng) => void;
  /** Null until /api/mapSettings answers, or when it failed: the map works without tiles. */
  settings: MapSettings | null;
}

// A pin drawn in CSS: no marker PNGs to resolve, nothing fetched from elsewhere.
const pin = divIcon({
  className: 'store-pin',
  html: '<span class="store-pin__head"></span>',
  // The tip of the rotated square sits at the bottom centre, on the position.
  iconSize: [30, 40],
  iconAnchor: [15, 40],
});

function ClickToPlace({ onPick }: { onPick: (position: LatLng) => void }) {
  useMapEvents({ click: (e) => onPick(normalizePosition(e.latlng)) });
  return null;
}

/** A position typed beside the map comes into view. */
function FollowPosition({ position }: { position: LatLng | null }) {
  const map = useMap();
  const lat = position?.lat;
  const lng = position?.lng;
  useEffect(() => {
    if (lat === undefined || lng === undefined) return;
    if (!map.getBounds().contains([lat, lng])) map.panTo([lat, lng]);
  }, [map, lat, lng]);
  return null;
}

/**
 * The dialog opens with an animation and the window may be resized: Leaflet re-measures its
 * box, and the marker is kept in view.
 */
function KeepSize({ position }: { position: LatLng | null }) {
  const map = useMap();
  const latest = useRef(position);
  useEffect(() => {
    latest.current = position;
  }, [position]);
  useEffect(() => {
    const observer = new ResizeObserver(() => {
      map.invalidateSize();
      const p = latest.current;
      if (p && !map.getBounds().contains([p.lat, p.lng])) map.panTo([p.lat, p.lng], { animate: false });
    });
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/**
 * The store's satellite map (Leaflet): click places the marker, dragging moves it. Tiles come from
 * the configured source; without them (no internet) the grey map still takes clicks and drags.
 */
export default function StoreMap({ position, onChange, settings }: StoreMapProps) {
  const { t } = useTranslation();
  const [tiles, setTiles] = useState<{ failed: boolean; loaded: boolean }>({ failed: false, loaded: false });
  // The first view only: later moves of the marker must not reset the user's zoom.
  const initial = useRef({ center: position ?? MONTENEGRO, zoom: position ? STORE_ZOOM : DEFAULT_ZOOM });

  const tileEvents = useMemo<LeafletEventHandlerFnMap>(
    () => ({
      tileerror: () => setTiles((s) => (s.failed ? s : { ...s, failed: true })),
      tileload: () => setTiles((s) => (s.loaded ? s : { ...s, loaded: true })),
    }),
    [],
  );

  const markerEvents = useMemo<LeafletEventHandlerFnMap>(
    () => ({
      dragend: (e) => onChange(normalizePosition((e.target as LeafletMarker).getLatLng())),
    }),
    [onChange],
  );

  return (
    <div className="store-map-wrap">
      <div className="store-map" role="group" aria-label={t('stores.map')}>
        <MapContainer
          center={initial.current.center}
          zoom={initial.current.zoom}
          minZoom={2}
          maxZoom={19}
          worldCopyJump
          className="store-map__map"
        >
          {settings?.tiles && (
            <TileLayer url={settings.tiles} attribution={settings.attribution} maxZoom={19} eventHandlers={tileEvents} />
          )}
          <ClickToPlace onPick={onChange} />
          <FollowPosition position={position} />
          <KeepSize position={position} />
          {position && (
            <Marker
              position={[position.lat, position.lng]}
              icon={pin}
              draggable
              autoPan
              title={t('stores.marker')}
              alt={t('stores.marker')}
              eventHandlers={markerEvents}
            />
          )}
        </MapContainer>
        {!position && (
          <div className="store-map__hint" aria-hidden>
            <i className="pi pi-map-marker" /> {t('stores.click_to_place')}
          </div>
        )}
      </div>
      {/* Below the map, so it never hides the marker. */}
      {tiles.failed && !tiles.loaded && (
        <p className="store-map__notice" role="status">
          <i className="pi pi-wifi" aria-hidden /> {t('stores.tiles_unavailable')}
        </p>
      )}
    </div>
  );
}

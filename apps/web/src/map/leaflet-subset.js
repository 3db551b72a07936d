// Leaflet as this app uses it, built from Leaflet's own ES modules (leaflet/src, shipped in its
// package): the map with its handlers, the zoom and attribution controls, tile layers, markers and
// popups. Left out: vector layers and their renderers, GeoJSON, image and video overlays, tooltips,
// the layers and scale controls. Leaflet's bundle registers each of these on the map as it loads,
// so the bundler keeps them all; here they are never loaded (the first load's budget,
// scripts/js-budget.mjs). vite.config.ts points `leaflet` here; types stay @types/leaflet.
import { Icon } from 'leaflet/src/layer/marker/Icon';
import { IconDefault } from 'leaflet/src/layer/marker/Icon.Default';
import { Control, control } from 'leaflet/src/control/Control';
import { Zoom, zoom } from 'leaflet/src/control/Control.Zoom';
import 'leaflet/src/control/Control.Attribution';

Icon.Default = IconDefault;
// L.control.zoom as Leaflet's control/index.js registers it (MapControlTexts builds it per language).
Control.Zoom = Zoom;
control.zoom = zoom;

export * from 'leaflet/src/core/index';
export * from 'leaflet/src/dom/index';
export * from 'leaflet/src/geometry/index';
export * from 'leaflet/src/geo/index';
export { Control, control };
export { Layer } from 'leaflet/src/layer/Layer';
export { LayerGroup, layerGroup } from 'leaflet/src/layer/LayerGroup';
export { FeatureGroup, featureGroup } from 'leaflet/src/layer/FeatureGroup';
export { DivOverlay } from 'leaflet/src/layer/DivOverlay';
export { Popup, popup } from 'leaflet/src/layer/Popup';
export { Icon };
export { icon } from 'leaflet/src/layer/marker/Icon';
export { DivIcon, divIcon } from 'leaflet/src/layer/marker/DivIcon';
export { Marker, marker } from 'leaflet/src/layer/marker/Marker';
export { GridLayer, gridLayer } from 'leaflet/src/layer/tile/GridLayer';
export { TileLayer, tileLayer } from 'leaflet/src/layer/tile/TileLayer';
export { Map, map } from 'leaflet/src/map/index';

// The product's marker image (42x52, tip at 21,52); visitor-added monuments get a marked variant.
// Monuments that share one coordinate (the seed data has such pairs) are fanned out sideways,
// so every one of them can be seen and clicked.
import { Icon, type IconOptions } from 'leaflet';
import { markerImage2xUrl, markerImageUrl } from '../branding';

const FAN_STEP_PX = 26;
const base: IconOptions = {
  iconUrl: markerImageUrl,
  iconRetinaUrl: markerImage2xUrl,
  iconSize: [42, 52],
  iconAnchor: [21, 52],
  popupAnchor: [0, -48],
};
const icons = new Map<string, Icon>();

/** The icon for a monument that is `index` of `count` at the same coordinate. */
export function markerIcon(validated: boolean, index = 0, count = 1): Icon {
  const shift = Math.round((index - (count - 1) / 2) * FAN_STEP_PX);
  const key = `${validated}:${shift}`;
  let icon = icons.get(key);
  if (!icon) {
    const className = validated ? 'monument-marker' : 'monument-marker monument-marker--unvalidated';
    icon = new Icon({ ...base, className, iconAnchor: [21 - shift, 52], popupAnchor: [shift, -48] });
    icons.set(key, icon);
  }
  return icon;
}

/** For each monument id, its place among the monuments at the same coordinate. */
export function fanOut(monuments: ReadonlyArray<{ id: string; geoLocX: number; geoLocY: number }>) {
  const groups = new Map<string, string[]>();
  for (const m of monuments) {
    const key = `${m.geoLocX},${m.geoLocY}`;
    groups.set(key, [...(groups.get(key) ?? []), m.id]);
  }
  const places = new Map<string, { index: number; count: number }>();
  for (const ids of groups.values()) ids.forEach((id, index) => places.set(id, { index, count: ids.length }));
  return places;
}

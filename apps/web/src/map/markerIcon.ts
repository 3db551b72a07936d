// The product's marker image (42x52, tip at 21,52); visitor-added monuments get a marked variant. A
// street named after a person is a street sign on a post instead (32x34, foot at 16,34), with a
// symbol for whom it honours (♀ a woman, ♂ a man, ? not known): told apart without colour.
// The monuments of a cluster opened in place (they stand too close for any zoom; the seed data has
// pairs at one coordinate) are fanned out in rows around its point, apart enough that none covers
// another, so every one of them can be seen and picked.
import { DivIcon, Icon, type IconOptions } from 'leaflet';
import { markerImage2xUrl, markerImageUrl } from '../branding';

/** A fanned marker's place: a little more than an icon apart, in rows. */
const FAN_STEP_X = 46;
const FAN_STEP_Y = 56;
const base: IconOptions = {
  iconUrl: markerImageUrl,
  iconRetinaUrl: markerImage2xUrl,
  iconSize: [42, 52],
  iconAnchor: [21, 52],
  popupAnchor: [0, -48],
};
const icons = new Map<string, Icon | DivIcon>();

/** What a marker shows of its monument: a pin or a street sign, and the sign's symbol. */
export type MarkerKind = { category: string; sex: string };

/** The street sign's symbol for whom the street honours (the legend explains them). */
export function streetSymbol(sex: string): '♀' | '♂' | '?' {
  return sex === 'female' ? '♀' : sex === 'male' ? '♂' : '?';
}
const STREET = { width: 32, height: 34 };

function streetIcon(sex: string, validated: boolean, dx: number, dy: number): DivIcon {
  const symbol = streetSymbol(sex);
  const look = symbol === '♀' ? 'female' : symbol === '♂' ? 'male' : 'unknown';
  const className = `monument-marker monument-marker--street monument-marker--${look}${validated ? '' : ' monument-marker--unvalidated'}`;
  return new DivIcon({
    className,
    // A constant of this file, never a visitor's text.
    html: `<span class="street-marker__sign" aria-hidden="true">${symbol}</span>`,
    iconSize: [STREET.width, STREET.height],
    iconAnchor: [STREET.width / 2 - dx, STREET.height - dy],
    popupAnchor: [dx, dy - STREET.height + 4],
  });
}

/** Where the `index`th of `count` fanned markers stands, in pixels from their common point. */
export function fanShift(index: number, count: number): [number, number] {
  const columns = Math.ceil(Math.sqrt(count));
  const rows = Math.ceil(count / columns);
  const column = index % columns;
  const row = Math.floor(index / columns);
  return [Math.round((column - (columns - 1) / 2) * FAN_STEP_X), Math.round((row - (rows - 1) / 2) * FAN_STEP_Y)];
}

/** The icon for a monument that is `index` of `count` fanned markers (a street's sign, given its kind). */
export function markerIcon(validated: boolean, index = 0, count = 1, kind?: MarkerKind): Icon | DivIcon {
  const [dx, dy] = fanShift(index, count);
  const street = kind?.category === 'street';
  const key = `${validated}:${dx}:${dy}${street ? `:street:${streetSymbol(kind.sex)}` : ''}`;
  let icon = icons.get(key);
  if (!icon && street) {
    icon = streetIcon(kind.sex, validated, dx, dy);
    icons.set(key, icon);
  }
  if (!icon) {
    const className = validated ? 'monument-marker' : 'monument-marker monument-marker--unvalidated';
    icon = new Icon({ ...base, className, iconAnchor: [21 - dx, 52 - dy], popupAnchor: [dx, dy - 48] });
    icons.set(key, icon);
  }
  return icon;
}

/** For each fanned monument id, its place among them. */
export function fanOut(monuments: ReadonlyArray<{ id: string }>) {
  const places = new Map<string, { index: number; count: number }>();
  monuments.forEach((m, index) => places.set(m.id, { index, count: monuments.length }));
  return places;
}

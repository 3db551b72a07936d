// The product's marker image (42x52, tip at 21,52); visitor-added monuments get a marked variant.
import { Icon, type IconOptions } from 'leaflet';
import { markerImageUrl } from '../branding';

const base: IconOptions = { iconUrl: markerImageUrl, iconSize: [42, 52], iconAnchor: [21, 52], popupAnchor: [0, -48] };

export const validatedIcon = new Icon({ ...base, className: 'monument-marker' });
export const unvalidatedIcon = new Icon({ ...base, className: 'monument-marker monument-marker--unvalidated' });

// The popup's code (voting, proposing, sharing, confetti) loads when a popup first opens; a link
// that opens a popup (/?monument=<id>) starts its download at once, beside the map's.
import { lazyPart } from '../layout/lazyPart';

export const MonumentPopup = lazyPart(() => import('./MonumentPopup').then((m) => ({ default: m.MonumentPopup })));

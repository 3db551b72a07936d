// The "back to the map" link shown at the top and bottom of the content pages; a monument's view
// goes back to the map with that monument's popup open.
import { Link } from '@tanstack/react-router';
import { BackIcon } from './icons';

export function BackLink({ label, monumentId }: { label: string; monumentId?: string }) {
  return (
    <Link to="/" search={monumentId === undefined ? {} : { monument: monumentId }} className="back-link">
      <BackIcon />
      {label}
    </Link>
  );
}

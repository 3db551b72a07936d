// The "back to the map" link shown at the top and bottom of the content pages.
import { Link } from '@tanstack/react-router';
import { BackIcon } from './icons';

export function BackLink({ label }: { label: string }) {
  return (
    <Link to="/" className="back-link">
      <BackIcon />
      {label}
    </Link>
  );
}

// "Mehr anzeigen" under a list paged on the server: asks for the next page (once, while it loads).
type Props = { label: string; busy: boolean; onMore: () => void };

export function MoreButton({ label, busy, onMore }: Props) {
  return (
    <button type="button" className="button monument-list__more" aria-disabled={busy} onClick={() => !busy && onMore()}>
      {label}
    </button>
  );
}

// A staff table: its caption names it, and it scrolls sideways on a phone inside a region that
// keyboard users reach to scroll (axe scrollable-region-focusable), named by the caption.
import { useId, type ReactNode } from 'react';

type Props = {
  caption: string;
  /** The column headings; a column of buttons gets a heading only screen readers read. */
  head: ReactNode[];
  children: ReactNode;
};

export function AdminTable({ caption, head, children }: Props) {
  const id = useId();
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take the focus
    <div className="admin-table-wrap" tabIndex={0} role="region" aria-labelledby={id}>
      <table className="admin-table">
        <caption id={id}>{caption}</caption>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={i} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The heading of a column of buttons: read, not shown. */
export const hiddenHeading = (text: string) => <span className="visually-hidden">{text}</span>;

// The `q` search box: typed text is kept locally (the address trims it, which would eat the space
// between two words while typing) and written to the address on every change.
import { SEARCH_MAX } from '@linz/contract/filters';
import { useId, useState, type KeyboardEvent } from 'react';

/** What makes the field a combobox with a list of matches (MonumentSearch). */
type Combobox = {
  'aria-expanded': boolean;
  'aria-controls': string;
  'aria-activedescendant': string | undefined;
  'aria-describedby': string;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
};

type Props = {
  label: string;
  value: string | undefined;
  onChange: (q: string | undefined) => void;
  combobox?: Combobox | undefined;
};

export function SearchBox({ label, value, onChange, combobox }: Props) {
  const id = useId();
  const [draft, setDraft] = useState(value ?? '');
  // A change from outside (clear all, Back) replaces the draft; our own writes leave it alone.
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (draft.trim() !== (value ?? '')) setDraft(value ?? '');
  }
  return (
    <div className="finder-search">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={draft}
        maxLength={SEARCH_MAX}
        autoComplete="off"
        {...(combobox ? { role: 'combobox', 'aria-autocomplete': 'list', ...combobox } : {})}
        onChange={(event) => {
          setDraft(event.target.value);
          onChange(event.target.value.trim() || undefined);
        }}
      />
    </div>
  );
}

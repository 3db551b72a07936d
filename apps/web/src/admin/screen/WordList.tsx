// A list of screened or allowed words, each with its button to take it off the list.
type Props = {
  words: readonly string[];
  /** Off while a word is being taken off. */
  busy: boolean;
  /** The button's text, and its name for a screen reader (which says the word and the list). */
  removeText: string;
  removeLabel: (word: string) => string;
  onRemove: (word: string) => void;
};

export function WordList({ words, busy, removeText, removeLabel, onRemove }: Props) {
  return (
    <ul className="admin-words">
      {words.map((w) => (
        <li key={w}>
          <span>{w}</span>{' '}
          <button type="button" className="button" disabled={busy} aria-label={removeLabel(w)} onClick={() => onRemove(w)}>
            {removeText}
          </button>
        </li>
      ))}
    </ul>
  );
}

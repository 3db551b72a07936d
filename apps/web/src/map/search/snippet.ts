// Why a search match matched when its name does not say it: the words around the first searched
// word in its description, cut at word boundaries.
import { fold, searchWords } from '@linz/contract/filters';

/** About this many characters are shown around the word found. */
const CONTEXT = 24;

/** `text` folded as the search folds it, and for each folded character the original's index. */
function foldedWithIndex(text: string): { folded: string; at: number[] } {
  let folded = '';
  const at: number[] = [];
  let i = 0;
  for (const char of text) {
    const piece = fold(char);
    folded += piece;
    for (let k = 0; k < piece.length; k++) at.push(i);
    i += char.length;
  }
  return { folded, at };
}

/**
 * The part of `description` around the first of the query's words that `name` lacks, with "…"
 * where it was cut; undefined when the name holds every word (it says enough) or the
 * description holds none of the others.
 */
export function snippet(query: string, name: string, description: string): string | undefined {
  const foldedName = fold(name);
  const missing = searchWords(query).filter((word) => !foldedName.includes(word));
  if (missing.length === 0) return undefined;
  const { folded, at } = foldedWithIndex(description);
  for (const word of missing) {
    const hit = folded.indexOf(word);
    if (hit < 0) continue;
    const from = at[hit] ?? 0;
    const to = (at[hit + word.length - 1] ?? from) + 1;
    // Widen to whole words: back to a space before, on to a space after.
    let start = Math.max(0, from - CONTEXT);
    if (start > 0) start = description.indexOf(' ', start) + 1 || from;
    if (start > from) start = from;
    let end = Math.min(description.length, to + CONTEXT);
    if (end < description.length) {
      const space = description.lastIndexOf(' ', end);
      end = space >= to ? space : to;
    }
    const body = description.slice(start, end).trim();
    return `${start > 0 ? '…' : ''}${body}${end < description.length ? '…' : ''}`;
  }
  return undefined;
}

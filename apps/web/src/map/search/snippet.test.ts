import { describe, expect, it } from 'vitest';
import { snippet } from './snippet';

const stelzhamer =
  'Bronzestandbild des Mundartdichters Franz Stelzhamer, Verfasser der oberösterreichischen Landeshymne, 1908 im Volksgarten enthüllt.';

describe('snippet', () => {
  it('says nothing when the name holds every searched word', () => {
    expect(snippet('stelzhamer', 'Denkmal für Franz Stelzhamer', stelzhamer)).toBeUndefined();
  });

  it('shows the words around a word found only in the description, cut at word boundaries', () => {
    const text = snippet('landeshymne', 'Denkmal für Franz Stelzhamer', stelzhamer);
    expect(text).toBe('…oberösterreichischen Landeshymne, 1908 im Volksgarten…');
    expect(text).toContain('Landeshymne');
  });

  it('finds a word typed without accents or with ss, and shows it as written', () => {
    expect(snippet('oberosterreichischen', 'Denkmal', stelzhamer)).toContain('oberösterreichischen');
    expect(snippet('strasse', 'Denkmal', 'Liegt an der Hauptstraße beim Dom')).toBe('Liegt an der Hauptstraße beim Dom');
  });

  it('gives nothing when the description holds none of the missing words', () => {
    expect(snippet('kepler', 'Denkmal', stelzhamer)).toBeUndefined();
  });
});

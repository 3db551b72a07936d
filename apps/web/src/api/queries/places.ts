// "Wo ist das?" (issue 54): the commemorations without a place, checked by shape, and a citizen's
// suggestion where one stands. Its own file: the page is loaded on demand.
import type { Namesake, NewPlaceSuggestion, PlaceSuggestionAnswer, UnplacedItem } from '@linz/contract';
import { queryOptions } from '@tanstack/react-query';
import { callChecked } from '../client';
import { arrayOf, isInteger, isString, optional, shape } from '../checks';

const isNamesake = shape<Namesake>({
  name: isString,
  born: optional(isString),
  died: optional(isString),
  profession: optional(isString),
  wikidata: arrayOf(isString),
  registerId: optional(isString),
  registerUrl: optional(isString),
});

const isUnplaced = shape<UnplacedItem>({
  id: isString,
  name: isString,
  category: isString,
  sex: isString,
  shortDescription: isString,
  shortDescription_en: isString,
  namesake: optional(isNamesake),
  suggestions: isInteger,
});

export const unplacedQuery = () =>
  queryOptions({
    queryKey: ['unplaced'] as const,
    queryFn: ({ signal }) => callChecked('unplaced', arrayOf(isUnplaced), { signal }),
  });

const isAnswer = shape<PlaceSuggestionAnswer>({ id: isInteger, underReview: (v: unknown): v is true => v === true });

export const sendPlaceSuggestion = (monumentId: string, body: NewPlaceSuggestion) =>
  callChecked('suggestPlace', isAnswer, { params: { monumentId }, body });

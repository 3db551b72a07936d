// "Wo ist das?" (issue 54): the commemorations without a place, and a citizen's suggestion where
// one stands. Its own file: the page is loaded on demand.
import type { NewPlaceSuggestion } from '@linz/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../client';

export const unplacedQuery = () =>
  queryOptions({
    queryKey: ['unplaced'] as const,
    queryFn: ({ signal }) => call('unplaced', { signal }),
  });

export const sendPlaceSuggestion = (monumentId: string, body: NewPlaceSuggestion) =>
  call('suggestPlace', { params: { monumentId }, body });

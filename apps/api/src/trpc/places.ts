// "Wo ist das?" procedures (issue 54): each one call of a use case (domain/places/use-cases.ts).
import {
  ConfirmPlace,
  MonumentRef,
  NewPlaceSuggestion,
  PlaceSuggestionAnswer,
  RejectPlaces,
  StaffPlaces,
  UnplacedList,
} from '@linz/contract';
import { z } from 'zod';
import {
  confirmSuggestedPlace,
  placeSuggestionsForStaff,
  rejectSuggestedPlaces,
  suggestPlaceAsCitizen,
  unplacedCommemorations,
} from '../domain/places/use-cases.js';
import { publicProcedure, router, staffProcedure } from './init.js';

export const placesRouter = router({
  unplaced: publicProcedure.output(UnplacedList).query(({ ctx }) => unplacedCommemorations(ctx)),
  suggest: publicProcedure
    .input(MonumentRef.extend({ body: NewPlaceSuggestion }))
    .output(PlaceSuggestionAnswer)
    .mutation(({ ctx, input }) => suggestPlaceAsCitizen(ctx, input, ctx)),
});

export const staffPlacesRouter = router({
  list: staffProcedure.output(StaffPlaces).query(({ ctx }) => placeSuggestionsForStaff(ctx)),
  confirm: staffProcedure
    .input(ConfirmPlace)
    .output(z.object({ monumentId: z.string(), placedBy: z.literal('citizens') }))
    .mutation(({ ctx, input }) => confirmSuggestedPlace(ctx, input, ctx)),
  reject: staffProcedure
    .input(RejectPlaces)
    .output(z.object({ rejected: z.number().int() }))
    .mutation(({ ctx, input }) => rejectSuggestedPlaces(ctx, input, ctx)),
});

// "Wo ist das?" (issue 54): the commemorations without a place, citizens' suggestions where they
// stand, and staff's decision. A suggestion waits for staff; agreement is three or more suggestions
// within AGREEMENT_RADIUS_M from different networks.
import { z } from 'zod';
import { PLACE_NOTE_MAX } from './facts.js';
import { EmailAddress, MailLang } from './follow.js';
import { MonumentId, Namesake, Placement } from './monument.js';
import { paragraphText } from './text.js';

/** A commemoration without a place, with what is known of it. */
export const UnplacedItem = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  sex: z.string(),
  shortDescription: z.string(),
  shortDescription_en: z.string(),
  namesake: Namesake.optional(),
  /** Suggestions waiting for staff. */
  suggestions: z.number().int().nonnegative(),
});
export type UnplacedItem = z.infer<typeof UnplacedItem>;
export const UnplacedList = z.array(UnplacedItem);
export type UnplacedList = z.infer<typeof UnplacedList>;

/** A citizen's suggestion: a point inside the city, an optional note, an address to be told. */
export const NewPlaceSuggestion = z.strictObject({
  lat: z.number().finite().min(-90).max(90),
  lng: z.number().finite().min(-180).max(180),
  note: paragraphText(PLACE_NOTE_MAX).optional(),
  email: EmailAddress.optional(),
  lang: MailLang.default('de'),
});
export type NewPlaceSuggestion = z.infer<typeof NewPlaceSuggestion>;

export const PlaceSuggestionAnswer = z.object({ id: z.number().int(), underReview: z.literal(true) });
export type PlaceSuggestionAnswer = z.infer<typeof PlaceSuggestionAnswer>;

/** One suggestion as staff see it: no address, the network only as a letter within the item. */
export const StaffPlaceSuggestion = z.object({
  id: z.number().int(),
  lat: z.number(),
  lng: z.number(),
  note: z.string().nullable(),
  network: z.string(),
  held: z.boolean(),
  wantsMail: z.boolean(),
  createdAt: z.string(),
});
export type StaffPlaceSuggestion = z.infer<typeof StaffPlaceSuggestion>;

/** A commemoration with open suggestions, beside the register's text, and whether they agree. */
export const StaffPlaceItem = z.object({
  item: UnplacedItem.extend({ source: z.string().nullable() }),
  suggestions: z.array(StaffPlaceSuggestion),
  /** The largest group within AGREEMENT_RADIUS_M of one suggestion: its size, networks, centre. */
  agreement: z.object({
    agreed: z.boolean(),
    suggestions: z.number().int(),
    networks: z.number().int(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
  }),
});
export type StaffPlaceItem = z.infer<typeof StaffPlaceItem>;

/** A placed commemoration's point and where it came from (staff check the weakest first). */
export const StaffPoint = z.object({
  id: z.string(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  placement: Placement,
});
export type StaffPoint = z.infer<typeof StaffPoint>;

export const StaffPlaces = z.object({ items: z.array(StaffPlaceItem), points: z.array(StaffPoint) });
export type StaffPlaces = z.infer<typeof StaffPlaces>;

/** Staff confirm a suggestion, at its point or moved (`lat`, `lng`). */
export const ConfirmPlace = z.object({
  monumentId: MonumentId,
  suggestionId: z.number().int().positive(),
  lat: z.number().finite().min(-90).max(90),
  lng: z.number().finite().min(-180).max(180),
});
export type ConfirmPlace = z.infer<typeof ConfirmPlace>;
export const RejectPlaces = z.object({ monumentId: MonumentId });

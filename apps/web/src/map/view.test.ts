import { beforeEach, describe, expect, it } from 'vitest';
import { mapView, pendingCoords, votedList } from '../storage/keys';
import { arrival } from './arrival';
import { parseMapLink } from '@linz/contract/facts';
import { initialView } from './view';

describe('map view and client storage (spec section 3)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it("opens on the city's own view by default (undefined here: the API's config names it)", () => {
    expect(initialView(undefined)).toBeUndefined();
  });

  it('restores the session view, and prefers a just-added monument at zoom 16', () => {
    mapView.write({ center: { lat: 48.1, lng: 14.1 }, zoom: 12 });
    expect(sessionStorage.getItem('mapView')).toBe('{"center":{"lat":48.1,"lng":14.1},"zoom":12}');
    expect(initialView(undefined)).toEqual({ center: { lat: 48.1, lng: 14.1 }, zoom: 12 });
    const arrival = {
      center: { lat: 48.2, lng: 14.2 },
      zoom: 16,
      flash: { kind: 'success' as const, key: 'success.monumentAdded' },
    };
    expect(initialView(arrival)).toEqual({ center: { lat: 48.2, lng: 14.2 }, zoom: 16 });
  });

  it("opens at a linked place (the mayor's e-mail) unless a monument was just added", () => {
    mapView.write({ center: { lat: 48.1, lng: 14.1 }, zoom: 12 });
    const link = parseMapLink({ lat: '48.305833', lng: '14.286389', monument: 'mon-x' });
    expect(initialView(undefined, link)).toEqual({ center: { lat: 48.305833, lng: 14.286389 }, zoom: 17 });
    expect(initialView(undefined, parseMapLink({ lat: 48.3, lng: 14.3, zoom: 15 }))?.zoom).toBe(15);
    expect(parseMapLink({ lat: 'north', lng: 14 })).toEqual({});
    expect(initialView(undefined, parseMapLink({ lat: 91, lng: 14 }))).toEqual({ center: { lat: 48.1, lng: 14.1 }, zoom: 12 });
  });

  it('reads a shared proposal beside its monument; a malformed one voids the link', () => {
    expect(parseMapLink({ monument: 'mon-x', proposal: '42' })).toEqual({ monument: 'mon-x', proposal: 42 });
    // Without its monument a proposal opens nothing.
    expect(parseMapLink({ proposal: '42' })).toEqual({});
    for (const proposal of ['0', '-1', '4.2', 'abc', '99999999999']) {
      expect(parseMapLink({ monument: 'mon-x', proposal }), proposal).toEqual({});
    }
  });

  it('ignores a damaged stored view', () => {
    sessionStorage.setItem('mapView', '{"center":"nowhere"');
    expect(initialView(undefined)).toBeUndefined();
  });

  it('keeps voted_{monumentId} as a JSON list and pendingCoords as lat/lng', () => {
    votedList.add('mon-a', 3);
    votedList.add('mon-a', 3);
    votedList.add('mon-a', 5);
    expect(localStorage.getItem('voted_mon-a')).toBe('[3,5]');
    pendingCoords.write({ lat: 48.3, lng: 14.3 });
    expect(pendingCoords.read()).toEqual({ lat: 48.3, lng: 14.3 });
  });
});

describe('the arrival after adding a monument', () => {
  it('is handed over once: the map takes it, then it is gone', () => {
    arrival.hand({ lat: 48.2, lng: 14.2 });
    expect(arrival.peek()).toEqual({
      center: { lat: 48.2, lng: 14.2 },
      zoom: 16,
      flash: { kind: 'success', key: 'success.monumentAdded' },
    });
    expect(arrival.peek()).toBeDefined();
    arrival.done();
    expect(arrival.peek()).toBeUndefined();
  });
});

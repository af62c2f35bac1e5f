import { afterEach, describe, expect, it } from 'vitest';
import { reconcileSelection } from './selected-location.ts';
import { clearSelectionWithSession, SELECTED_LOCATION_KEY, useSelectedLocation } from './selected-location-store.ts';
import { useSession } from './session-store.ts';

const ids = ['loc-a', 'loc-b', 'loc-c'];

describe('selected location rules (spec section 4)', () => {
  it('keeps a selection that still exists', () => {
    expect(reconcileSelection({ selectedId: 'loc-b', locationIds: ids, hasMulti: false })).toBe('loc-b');
    expect(reconcileSelection({ selectedId: 'loc-b', locationIds: ids, hasMulti: true })).toBe('loc-b');
  });
  it('chooses the first remaining location when the selected one was deleted', () => {
    expect(reconcileSelection({ selectedId: 'loc-gone', locationIds: ids, hasMulti: false })).toBe('loc-a');
    expect(reconcileSelection({ selectedId: 'loc-gone', locationIds: ids, hasMulti: true })).toBe('loc-a');
    expect(reconcileSelection({ selectedId: 'loc-gone', locationIds: [], hasMulti: false })).toBeNull();
  });
  it('with none selected: Locations_Multi gets none, others their first location', () => {
    expect(reconcileSelection({ selectedId: null, locationIds: ids, hasMulti: true })).toBeNull();
    expect(reconcileSelection({ selectedId: null, locationIds: ids, hasMulti: false })).toBe('loc-a');
  });
  it('waits while the locations are loading', () => {
    expect(reconcileSelection({ selectedId: 'loc-x', locationIds: undefined, hasMulti: false })).toBe('loc-x');
  });
});

describe('selected location store', () => {
  afterEach(() => useSession.setState({ user: null }));

  it('is set by id and saved to localStorage', () => {
    useSelectedLocation.getState().select('loc-b');
    const saved = JSON.parse(localStorage.getItem(SELECTED_LOCATION_KEY)!) as { state: { locationId: string } };
    expect(saved.state.locationId).toBe('loc-b');
  });

  it('is cleared on sign-in and on logout', () => {
    const stop = clearSelectionWithSession();
    useSelectedLocation.getState().select('loc-b');
    useSession.getState().signIn({
      access_token: 'a',
      userId: 'u1',
      userType: 'Admin',
      locations: [],
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.co',
      phoneNumber: null,
    });
    expect(useSelectedLocation.getState().locationId).toBeNull();
    useSelectedLocation.getState().select('loc-c');
    useSession.getState().signOut();
    expect(useSelectedLocation.getState().locationId).toBeNull();
    stop();
  });
});

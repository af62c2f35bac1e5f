import { describe, expect, it } from 'vitest';
import { useChargerHarness } from '../../testing/charger-harness.ts';

const { central, makeCharger } = useChargerHarness();
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe('reservations', () => {
  it('a reserved connector refuses another tag, admits the booked one, and names the reservation when it starts', async () => {
    const charger = makeCharger();
    await charger.connect();
    const reserve = { connectorId: 0, expiryDate: inAnHour(), idTag: 'BOOKED-01', reservationId: 7 };
    expect(await central.command(charger.chargerId, 'ReserveNow', reserve)).toEqual({ status: 'Accepted' });
    await central.waitFor(() => charger.connector(1).status === 'Reserved');
    expect(central.callsOf('StatusNotification').at(-1)!.params).toMatchObject({ connectorId: 1, status: 'Reserved' });
    // The connector is taken: a second reservation is refused.
    expect(await central.command(charger.chargerId, 'ReserveNow', { ...reserve, idTag: 'OTHER-02', reservationId: 8 })).toEqual({
      status: 'Occupied',
    });

    await expect(charger.startSession({ idTag: 'OTHER-02' })).rejects.toThrow(/reserved for BOOKED-01/);
    expect(await central.command(charger.chargerId, 'RemoteStartTransaction', { idTag: 'OTHER-02', connectorId: 1 })).toEqual({ status: 'Rejected' });
    expect(central.callsOf('StartTransaction')).toHaveLength(0);

    await charger.startSession({ idTag: 'booked-01' });
    expect(central.callsOf('StartTransaction')[0]!.params).toMatchObject({ idTag: 'booked-01', reservationId: 7 });
    expect(await central.command(charger.chargerId, 'CancelReservation', { reservationId: 7 })).toEqual({ status: 'Rejected' });
  });

  it('CancelReservation frees the connector; an expired reservation frees it by itself', async () => {
    const charger = makeCharger();
    await charger.connect();
    await central.command(charger.chargerId, 'ReserveNow', { connectorId: 1, expiryDate: inAnHour(), idTag: 'BOOKED-01', reservationId: 9 });
    await central.waitFor(() => charger.connector(1).status === 'Reserved');
    expect(await central.command(charger.chargerId, 'CancelReservation', { reservationId: 9 })).toEqual({ status: 'Accepted' });
    await central.waitFor(() => charger.connector(1).status === 'Available');

    const soon = new Date(Date.now() + 300).toISOString();
    await central.command(charger.chargerId, 'ReserveNow', { connectorId: 1, expiryDate: soon, idTag: 'BOOKED-01', reservationId: 10 });
    await central.waitFor(() => charger.connector(1).status === 'Reserved');
    await central.waitFor(() => charger.connector(1).status === 'Available');
    await charger.startSession({ idTag: 'ANYONE-03' });
  });

  it('a reservation for a parentIdTag admits every tag the central system groups under it, asking Authorize first', async () => {
    const charger = makeCharger();
    await charger.connect();
    const reserve = { connectorId: 0, expiryDate: inAnHour(), idTag: 'SMITH.CARD1', parentIdTag: 'SMITH', reservationId: 11 };
    expect(await central.command(charger.chargerId, 'ReserveNow', reserve)).toEqual({ status: 'Accepted' });
    await central.waitFor(() => charger.connector(1).status === 'Reserved');

    // Another account's tag: Authorize answers its own parent, the reservation refuses it, locally and remotely.
    await expect(charger.startSession({ idTag: 'JONES.CARD1' })).rejects.toThrow(/reserved for SMITH.CARD1/);
    expect(await central.command(charger.chargerId, 'RemoteStartTransaction', { idTag: 'JONES.CARD2', connectorId: 1 })).toEqual({
      status: 'Rejected',
    });
    expect(central.callsOf('Authorize').map((call) => call.params.idTag)).toEqual(['JONES.CARD1', 'JONES.CARD2']);
    expect(central.callsOf('StartTransaction')).toHaveLength(0);

    // A sub-user's card of the booked account: remote start is asked about its parent, then admitted.
    expect(await central.command(charger.chargerId, 'RemoteStartTransaction', { idTag: 'smith.card7', connectorId: 1 })).toEqual({
      status: 'Accepted',
    });
    await central.waitFor(() => central.callsOf('StartTransaction')[0]);
    expect(central.callsOf('StartTransaction')[0]!.params).toMatchObject({ idTag: 'smith.card7', reservationId: 11 });
  });
});

import { describe, expect, it } from 'vitest';
import { useCsms201Harness } from '../../testing/csms201-harness.ts';

const { central, makeCharger } = useCsms201Harness();

type Reported = {
  component: { name: string; evse?: { id: number; connectorId?: number } };
  variable: { name: string };
  variableAttribute: { value?: string; mutability?: string }[];
};
const variable = (component: string, name: string) => ({ component: { name: component }, variable: { name } });

describe('the 2.0.1 device model', () => {
  it('GetBaseReport: the report arrives in NotifyReport parts numbered from 0, tbc until the last', async () => {
    const charger = makeCharger({ connectors: 2 });
    await charger.connect();
    expect(await central.command(charger.chargerId, 'GetBaseReport', { requestId: 3, reportBase: 'FullInventory' })).toEqual({ status: 'Accepted' });
    const parts = await central.waitFor(() => {
      const sent = central.callsOf('NotifyReport');
      return sent.at(-1)?.params.tbc === false && sent;
    });
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.map((part) => part.params.seqNo)).toEqual(parts.map((_, index) => index));
    expect(parts.map((part) => part.params.tbc)).toEqual(parts.map((_, index) => index < parts.length - 1));
    expect(new Set(parts.map((part) => part.params.requestId))).toEqual(new Set([3]));
    const reported = parts.flatMap((part) => part.params.reportData as Reported[]);
    expect(new Set(reported.map((entry) => entry.component.name))).toEqual(
      new Set([
        'ChargingStation',
        'EVSE',
        'Connector',
        'OCPPCommCtrlr',
        'SecurityCtrlr',
        'TxCtrlr',
        'SampledDataCtrlr',
        'AuthCtrlr',
        'FirmwareCtrlr',
      ]),
    );
    expect(
      reported.filter((entry) => entry.component.name === 'EVSE' && entry.variable.name === 'AvailabilityState').map((entry) => entry.component.evse),
    ).toEqual([{ id: 1 }, { id: 2 }]);
    expect(reported.find((entry) => entry.variable.name === 'HeartbeatInterval')!.variableAttribute[0]).toEqual({
      type: 'Actual',
      value: '45',
      mutability: 'ReadWrite',
    });

    // ConfigurationInventory: only what the CSMS may change.
    await central.command(charger.chargerId, 'GetBaseReport', { requestId: 4, reportBase: 'ConfigurationInventory' });
    await central.waitFor(() => central.callsOf('NotifyReport').some((part) => part.params.requestId === 4 && part.params.tbc === false));
    const writable = central
      .callsOf('NotifyReport')
      .filter((part) => part.params.requestId === 4)
      .flatMap((part) => part.params.reportData as Reported[]);
    expect(writable.length).toBeGreaterThan(0);
    expect(writable.every((entry) => entry.variableAttribute[0]!.mutability === 'ReadWrite')).toBe(true);
  });

  it('GetVariables and SetVariables: writable values change the charger, read-only and malformed ones are Rejected', async () => {
    const charger = makeCharger();
    await charger.connect();
    const read = (await central.command(charger.chargerId, 'GetVariables', {
      getVariableData: [variable('OCPPCommCtrlr', 'HeartbeatInterval'), variable('Nope', 'X'), variable('TxCtrlr', 'Nope')],
    })) as { getVariableResult: { attributeStatus: string; attributeValue?: string }[] };
    expect(read.getVariableResult.map((result) => [result.attributeStatus, result.attributeValue])).toEqual([
      ['Accepted', '45'],
      ['UnknownComponent', undefined],
      ['UnknownVariable', undefined],
    ]);
    const written = (await central.command(charger.chargerId, 'SetVariables', {
      setVariableData: [
        { ...variable('OCPPCommCtrlr', 'HeartbeatInterval'), attributeValue: '60' },
        { ...variable('SampledDataCtrlr', 'TxUpdatedInterval'), attributeValue: '15' },
        { ...variable('SecurityCtrlr', 'SecurityProfile'), attributeValue: '2' },
        { ...variable('TxCtrlr', 'EVConnectionTimeOut'), attributeValue: 'soon' },
      ],
    })) as { setVariableResult: { attributeStatus: string }[] };
    expect(written.setVariableResult.map((result) => result.attributeStatus)).toEqual(['Accepted', 'Accepted', 'Rejected', 'Rejected']);
    expect(charger.heartbeatIntervalSeconds).toBe(60);
    expect(charger.meterIntervalSeconds).toBe(15);
    const after = (await central.command(charger.chargerId, 'GetVariables', {
      getVariableData: [variable('SecurityCtrlr', 'SecurityProfile'), variable('TxCtrlr', 'EVConnectionTimeOut')],
    })) as { getVariableResult: { attributeValue?: string }[] };
    expect(after.getVariableResult.map((result) => result.attributeValue)).toEqual(['1', '60']);
  });
});

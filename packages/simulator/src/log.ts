import type { SimulatedCharger, SimulatedChargerEvents } from './charger.ts';

const kWh = (wh: number) => `${(wh / 1000).toFixed(3)} kWh`;
const short = (value: unknown) => {
  const text = JSON.stringify(value) ?? '';
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
};

/**
 * Writes one readable line per charger event. `quiet` leaves out heartbeats and periodic meter values.
 * Returns a function that detaches the listeners.
 */
export const logChargerEvents = (charger: SimulatedCharger, write: (line: string) => void, options: { quiet?: boolean } = {}): (() => void) => {
  const line = (text: string) => write(`${new Date().toISOString().slice(11, 19)} ${charger.chargerId.padEnd(24)} ${text}`);
  const detachers: (() => void)[] = [];
  const on = <K extends keyof SimulatedChargerEvents>(event: K, listener: (...args: SimulatedChargerEvents[K]) => void) => {
    charger.on(event, listener as never);
    detachers.push(() => charger.off(event, listener as never));
  };

  on('connected', () => line(`connected (OCPP ${charger.protocol})`));
  on('disconnected', ({ code, reason }) => line(`disconnected${code ? ` (${code}${reason ? ` ${reason}` : ''})` : ''}`));
  on('booted', (answer) => line(`boot ${answer.status}, heartbeat every ${charger.heartbeatIntervalSeconds} s, firmware ${charger.firmwareVersion}`));
  on('status', ({ connectorId, status, errorCode, info }) =>
    line(
      `${connectorId === 0 ? 'charger' : `connector ${connectorId}`} → ${status}${errorCode !== 'NoError' ? ` (${errorCode})` : ''}${info ? ` ${info}` : ''}`,
    ),
  );
  on('sessionStarted', ({ connectorId, transactionId, idTag, meterStartWh, idTagInfo }) =>
    line(`session ${transactionId} started on connector ${connectorId} for ${idTag} (${idTagInfo.status}), meter ${kWh(meterStartWh)}`),
  );
  on('sessionStopped', ({ connectorId, transactionId, energyWh, reason }) =>
    line(`session ${transactionId} stopped on connector ${connectorId} (${reason}): ${kWh(energyWh)} delivered`),
  );
  on('command', ({ method, params }) => line(`← ${method} ${short(params)}`));
  on('rebooting', ({ reason }) => line(`rebooting (${reason})`));
  on('diagnosticsStatus', (status) => line(`diagnostics ${status}`));
  on('firmwareStatus', (status) => line(`firmware ${status}`));
  on('warning', (error) => line(`warning: ${error.message}`));
  if (!options.quiet) {
    on('heartbeat', () => line('heartbeat'));
    on('meterValues', ({ connectorId, transactionId, energyWh, powerW, soc }) => {
      const start = charger.connector(connectorId).meterStartWh;
      const session = transactionId !== undefined && start !== null ? `, ${kWh(energyWh - start)} this session` : '';
      line(
        `meter values connector ${connectorId}: ${(powerW / 1000).toFixed(2)} kW${session}${soc !== undefined ? `, SoC ${Math.floor(soc)}%` : ''}`,
      );
    });
  }

  return () => {
    for (const detach of detachers) detach();
  };
};

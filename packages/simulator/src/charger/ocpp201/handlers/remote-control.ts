import { changeAvailability } from '../../handlers/availability.ts';
import type { Connector } from '../../state.ts';
import type { ChargingProfileType, IdTokenType } from '@wattdesk/shared/ocpp/ocpp201';
import { profile16Of } from './smart-charging.ts';
import type { CommandHandlers201, Charger201Parts } from './context.ts';

/**
 * Remote start and stop, reset, unlock and availability in 2.0.1 (F01, F03, B11, F05, G03): answered at once,
 * acted on just after. Each simulated connector is EVSE n with connector 1.
 */
export const remoteControlHandlers201 = (parts: Charger201Parts): CommandHandlers201 => {
  const { runtime, state, sessions, lifecycle } = parts;

  /** Authorizes first when AuthorizeRemoteStart asks for it; the connector was marked busy by the caller. */
  const startRemotely = async (c: Connector, idToken: IdTokenType, remoteStartId: number, chargingProfile: ChargingProfileType | undefined) => {
    if (runtime.configuration.getBoolean('AuthorizeRemoteTxRequests')) {
      const { idTagInfo } = await sessions.authorize(idToken.idToken).catch((error: unknown) => {
        c.busy = false;
        throw error;
      });
      if (idTagInfo.status !== 'Accepted') {
        c.busy = false;
        return;
      }
    }
    const { idTagInfo } = await sessions.run(c, idToken.idToken, undefined, { idToken, remoteStartId });
    // K05: a TxProfile sent with the start limits the transaction it starts.
    const profile = chargingProfile && profile16Of(chargingProfile, sessions.transactions201);
    if (profile && idTagInfo.status === 'Accepted' && state.isCharging(c)) {
      c.meter.advance(runtime.now());
      state.profiles.set(c.id, profile, c.transactionId, runtime.now());
    }
  };

  return {
    RequestStartTransaction: ({ idToken, evseId, remoteStartId, chargingProfile }) => {
      const c = state.connectors.find((candidate) => (evseId === undefined || candidate.id === evseId) && state.isFree(candidate, idToken.idToken));
      if (!c) return { status: 'Rejected' };
      if (chargingProfile && chargingProfile.chargingProfilePurpose !== 'TxProfile') return { status: 'Rejected' };
      c.busy = true;
      runtime.afterReply(() => startRemotely(c, idToken, remoteStartId, chargingProfile));
      return { status: 'Accepted' };
    },
    RequestStopTransaction: ({ transactionId }) => {
      const localId = sessions.transactions201.localIdOf(transactionId);
      const c = state.connectors.find((candidate) => localId !== undefined && candidate.transactionId === localId && !candidate.stopping);
      if (!c) return { status: 'Rejected' };
      runtime.afterReply(() => sessions.finish(c, 'Remote', undefined));
      return { status: 'Accepted' };
    },
    Reset: ({ type, evseId }) => {
      // Resetting one EVSE is optional in 2.0.1; the simulator resets the whole station only.
      if (evseId !== undefined) return { status: 'Rejected' };
      if (type === 'OnIdle' && state.connectors.some((c) => c.busy)) {
        runtime.afterReply(async () => {
          await sessions.idle();
          await lifecycle.reboot('Soft');
        });
        return { status: 'Scheduled' };
      }
      runtime.afterReply(() => lifecycle.reboot(type === 'Immediate' ? 'Hard' : 'Soft'));
      return { status: 'Accepted' };
    },
    UnlockConnector: ({ evseId, connectorId }) => {
      if (!state.hasConnector(evseId) || connectorId !== 1) return { status: 'UnknownConnector' };
      // 2.0.1 F05: a connector whose transaction is still authorized stays locked; the CSMS stops the transaction first.
      if (state.isCharging(state.connectorOf(evseId))) return { status: 'OngoingAuthorizedTransaction' };
      return { status: 'Unlocked' };
    },
    ChangeAvailability: ({ evse, operationalStatus }) => {
      if (evse?.connectorId !== undefined && evse.connectorId !== 1) return { status: 'Rejected' };
      return changeAvailability(parts, evse?.id ?? 0, operationalStatus);
    },
  };
};

import type { OcppErrorCode } from './ocpp-call-error.ts';
import { isOcppAction, validateOcpp, type SchemaVersion } from './ocpp-schemas.ts';

/**
 * What differs between OCPP-J 1.6 and 2.0.1 on the wire: the schemas a connection's payloads are checked against,
 * and the words of the CALLERRORs the RPC layer answers with. The framing (CALL, CALLRESULT, CALLERROR), the
 * limits and the one-call-at-a-time rule are the same in both.
 */
export type OcppDialect = {
  version: SchemaVersion;
  isAction: (action: string) => boolean;
  validate: (action: string, kind: 'req' | 'conf', payload: unknown) => void;
  /** A frame that is not an RPC message (not JSON, not an array, no message id). */
  badFrame: OcppErrorCode;
  /** A frame whose message type is not 2, 3 or 4. */
  badMessageType: OcppErrorCode;
};

const dialectOf16: OcppDialect = {
  version: '1.6',
  isAction: (action) => isOcppAction('1.6', action),
  validate: (action, kind, payload) => validateOcpp('1.6', action, kind, payload),
  // 1.6 has one code for every malformed message.
  badFrame: 'FormationViolation',
  badMessageType: 'FormationViolation',
};

const dialectOf201: OcppDialect = {
  version: '2.0.1',
  isAction: (action) => isOcppAction('2.0.1', action),
  validate: (action, kind, payload) => validateOcpp('2.0.1', action, kind, payload),
  // OCPP-J 2.0.1 §4.3: "Content of the call is not a valid RPC Request", and a message type it does not know.
  badFrame: 'RpcFrameworkError',
  badMessageType: 'MessageTypeNotSupported',
};

/** The subprotocol a connection was accepted with picks its dialect; none (a refused connection) reads as 1.6. */
export const dialectOf = (protocol: string | false): OcppDialect => (protocol === 'ocpp2.0.1' ? dialectOf201 : dialectOf16);

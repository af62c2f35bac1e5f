/**
 * The CallError codes of OCPP-J 1.6 (§4.2.3) and 2.0.1 (§4.3). "Occurrence" is spelled as the errata spell it; the
 * 1.6 text's "Occurence" is what some chargers send, and is read as the same code. 2.0.1 renames 1.6's
 * FormationViolation to FormatViolation and adds RpcFrameworkError and MessageTypeNotSupported; a connection answers
 * in its own version's words (ocpp-dialect.ts).
 */
export type OcppErrorCode =
  | 'FormatViolation'
  | 'RpcFrameworkError'
  | 'MessageTypeNotSupported'
  | 'NotImplemented'
  | 'NotSupported'
  | 'InternalError'
  | 'ProtocolError'
  | 'SecurityError'
  | 'FormationViolation'
  | 'PropertyConstraintViolation'
  | 'OccurrenceConstraintViolation'
  | 'TypeConstraintViolation'
  | 'GenericError';

/** A CALLERROR: one we answer a charger's call with, or one a charger answered ours with (any code it sent). */
export class OcppCallError extends Error {
  constructor(
    readonly code: OcppErrorCode | (string & {}),
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'OcppCallError';
  }
}

/** A call to a charger that got no answer within its time. */
export class OcppTimeoutError extends Error {
  constructor(method: string, ms: number) {
    super(`${method}: no answer from the charger within ${ms} ms`);
    this.name = 'OcppTimeoutError';
  }
}

/** A call to a charger whose connection closed (or was never open) before its answer came. */
export class OcppDisconnectedError extends Error {
  constructor() {
    super('The charger disconnected');
    this.name = 'OcppDisconnectedError';
  }
}

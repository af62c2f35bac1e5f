/**
 * A roaming partner's driver accepted by its token (OCPI Tokens): what the session must remember of it, so the
 * partner gets its sessions and CDRs. The OCPI module makes it; the OCPP handlers carry it, unread, from the
 * Authorize answer to the session's start. One type for both, here, since neither module may import the other.
 */
export type RoamingAuthorization = {
  partnerId: string;
  countryCode: string;
  partyId: string;
  tokenUid: string;
  tokenType: string;
  contractId: string;
  /** WHITELIST: accepted from the token the partner pushed; AUTH_REQUEST: the partner answered in real time. */
  authMethod: 'AUTH_REQUEST' | 'WHITELIST';
  authorizationReference: string | null;
};

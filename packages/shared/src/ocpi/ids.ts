/**
 * How our chargers and connectors are named to roaming partners. An OCPI EVSE is one of our connectors
 * (decision 072): its uid is the charger's own id and the connector number, which stays stable across renames.
 * Every OCPI module (locations, sessions, CDRs, commands) names EVSEs through these two functions.
 */
export const evseUidOf = (chargerId: string, connectorId: number) => `${chargerId}-${connectorId}`;

/** The charger id and connector of an EVSE uid we issued; undefined for anything else. */
export const parseEvseUid = (uid: string): { chargerId: string; connectorId: number } | undefined => {
  const match = /^(.+)-(\d{1,3})$/.exec(uid);
  if (!match) return undefined;
  const connectorId = Number(match[2]);
  return connectorId >= 1 ? { chargerId: match[1]!, connectorId } : undefined;
};

/** An OCPI Connector id within our EVSE: one connector per EVSE, so always '1'. */
export const OCPI_CONNECTOR_ID = '1';

import type { MeshNode } from '@wattdesk/shared';

type MeshCharger = {
  id: string;
  chargerId: string;
  name: string;
  connectedNode: string | null;
  link: 'direct' | 'gateway' | 'controller';
  gatewayChargerId: string | null;
  controllerName: string | null;
};

/**
 * How each charger reaches the network. A charger behind a gateway charger whose own link is down cannot be
 * reached at all, so it shows as unreachable rather than as one more offline charger (the gateway is the
 * thing to fix). A gateway chain is followed to its end; a loop counts as unreachable.
 */
export const meshNodes = (chargers: readonly MeshCharger[]): MeshNode[] => {
  const byId = new Map(chargers.map((charger) => [charger.id, charger]));
  const gatewayDown = (charger: MeshCharger): boolean => {
    const seen = new Set<string>([charger.id]);
    let current = charger;
    while (current.link === 'gateway' && current.gatewayChargerId) {
      const gateway = byId.get(current.gatewayChargerId);
      if (!gateway || seen.has(gateway.id) || !gateway.connectedNode) return true;
      seen.add(gateway.id);
      current = gateway;
    }
    return false;
  };
  return chargers.map((charger) => ({
    id: charger.id,
    chargerId: charger.chargerId,
    name: charger.name,
    connected: Boolean(charger.connectedNode),
    link: charger.link,
    gatewayId: charger.link === 'gateway' ? charger.gatewayChargerId : null,
    controllerName: charger.link === 'controller' ? charger.controllerName : null,
    reach: charger.connectedNode ? 'online' : gatewayDown(charger) ? 'unreachable' : 'offline',
  }));
};

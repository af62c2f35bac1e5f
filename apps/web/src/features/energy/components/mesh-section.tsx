import type { MeshLink, MeshNode } from '@wattdesk/shared/schemas/energy';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LoadErrorAlert } from '../../../components/errors/load-error-alert.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useT, type Translate } from '../../../i18n/use-t.ts';
import { useMesh, useSaveMesh } from '../api/dpo-api.ts';
import { energyText, type EnergyKey } from '../energy-text.ts';
import { Section } from './section.tsx';

const REACH_COLOUR = { online: '#2e7d32', offline: '#757575', unreachable: '#c62828' } as const;

/** "Connects through …": the gateway charger, the local controller, or directly. */
const via = (node: MeshNode, byId: Map<string, MeshNode>, t: Translate<EnergyKey>) => {
  if (node.link === 'gateway') {
    const gateway = byId.get(node.gatewayId ?? '')?.name;
    return gateway === undefined ? t('mesh.viaAnyGateway') : t('mesh.viaGateway', { name: gateway });
  }
  return node.link === 'controller' ? t('mesh.viaController', { name: node.controllerName ?? '' }) : t('mesh.viaDirect');
};

/** A small picture: the network on top, gateways and controllers under it, chargers behind them. Decorative: the list says the same. */
const Diagram = ({ nodes }: { nodes: MeshNode[] }) => {
  const t = useT(energyText);
  const width = Math.max(320, nodes.length * 90);
  const x = (index: number) => 45 + index * 90;
  const position = new Map(nodes.map((node, index) => [node.id, x(index)]));
  const row = (node: MeshNode) => (node.link === 'direct' ? 80 : 150);
  return (
    <Box component="svg" viewBox={`0 0 ${width} 190`} sx={{ width: '100%', maxWidth: width, height: 190 }} aria-hidden="true">
      <rect x={width / 2 - 50} y={5} width={100} height={26} rx={6} fill="#1565c0" />
      <text x={width / 2} y={23} fill="#fff" fontSize={12} textAnchor="middle">
        {t('mesh.network')}
      </text>
      {nodes.map((node) => {
        const from =
          node.link === 'gateway' && node.gatewayId && position.has(node.gatewayId)
            ? { x: position.get(node.gatewayId)!, y: 80 }
            : { x: width / 2, y: 31 };
        return (
          <line
            key={`l-${node.id}`}
            x1={from.x}
            y1={from.y}
            x2={position.get(node.id)}
            y2={row(node) - 12}
            stroke={REACH_COLOUR[node.reach]}
            strokeDasharray={node.link === 'controller' ? '4 3' : undefined}
          />
        );
      })}
      {nodes.map((node) => (
        <g key={node.id}>
          <circle cx={position.get(node.id)} cy={row(node)} r={12} fill={REACH_COLOUR[node.reach]} />
          <text x={position.get(node.id)} y={row(node) + 28} fontSize={10} textAnchor="middle">
            {node.name.slice(0, 14)}
          </text>
        </g>
      ))}
    </Box>
  );
};

const LinkEditor = ({ node, nodes }: { node: MeshNode; nodes: MeshNode[] }) => {
  const save = useSaveMesh();
  const t = useT(energyText);
  const gateways = nodes.filter((candidate) => candidate.id !== node.id);
  const value = node.link === 'gateway' ? `gateway:${node.gatewayId ?? ''}` : node.link === 'controller' ? 'controller' : 'direct';
  return (
    <TextField
      select
      size="small"
      label={t('mesh.linkLabel', { name: node.name })}
      value={value}
      sx={{ minWidth: 220 }}
      onChange={(event) => {
        const [link, gatewayChargerId] = event.target.value.split(':') as [MeshLink, string | undefined];
        save.mutate({
          chargerId: node.id,
          link,
          gatewayChargerId: gatewayChargerId ?? null,
          controllerName: link === 'controller' ? 'Local controller' : null,
        });
      }}
    >
      <MenuItem value="direct">{t('mesh.linkDirect')}</MenuItem>
      <MenuItem value="controller">{t('mesh.linkController')}</MenuItem>
      {gateways.map((gateway) => (
        <MenuItem key={gateway.id} value={`gateway:${gateway.id}`}>
          {t('mesh.linkGateway', { name: gateway.name })}
        </MenuItem>
      ))}
    </TextField>
  );
};

/** Mesh configuration (Mesh_Config): which chargers reach the network through a gateway charger or a local controller. */
export const MeshSection = ({ locationId, canEdit }: { locationId: string; canEdit: boolean }) => {
  const mesh = useMesh(locationId, true);
  const t = useT(energyText);
  return (
    <Section title={t('mesh.title')}>
      {mesh.isPending ? <PageLoader label={t('mesh.loading')} /> : null}
      {mesh.isError ? <LoadErrorAlert subject={t('mesh.loadSubject')} error={mesh.error} onRetry={() => void mesh.refetch()} /> : null}
      {mesh.data ? (
        <>
          <Typography variant="body2" color="text.secondary">
            {t('mesh.intro')}
          </Typography>
          <Diagram nodes={mesh.data.nodes} />
          <List dense aria-label={t('mesh.listLabel')}>
            {mesh.data.nodes.map((node) => {
              const byId = new Map(mesh.data.nodes.map((candidate) => [candidate.id, candidate]));
              return (
                <ListItem key={node.id} secondaryAction={canEdit ? <LinkEditor node={node} nodes={mesh.data.nodes} /> : undefined}>
                  <ListItemText primary={t('mesh.node', { name: node.name, reach: t(`mesh.reach.${node.reach}`) })} secondary={via(node, byId, t)} />
                </ListItem>
              );
            })}
          </List>
        </>
      ) : null}
    </Section>
  );
};

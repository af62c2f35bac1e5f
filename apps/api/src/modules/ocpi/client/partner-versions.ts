import { OCPI_STATUS, OCPI_VERSION, ocpiVersionDetailsSchema, ocpiVersionListSchema } from '@wattdesk/shared';
import type { OcpiEndpoint } from '../../../db/schema/index.ts';
import { checkPartnerUrl, PartnerUrlError } from '../partner-url.ts';
import { callOcpi, OcpiClientError } from './ocpi-client.ts';

export type PartnerVersion = { versionsUrl: string; version: string; endpoints: OcpiEndpoint[] };

/**
 * What a registration learns first ("Versions module"): the partner's versions with the token we hold, its 2.2.1
 * entry (ocpiStatus 3002 when it has none), and that version's endpoints. Every endpoint URL passes the partner
 * URL check now, so a push never finds out later that it points inside our network.
 */
export const fetchPartnerVersion = async ({
  versionsUrl,
  token,
  allowPrivate,
}: {
  versionsUrl: string;
  token: string;
  allowPrivate: boolean;
}): Promise<PartnerVersion> => {
  const { data: versions } = await callOcpi({ method: 'GET', url: versionsUrl, token, allowPrivate }, ocpiVersionListSchema);
  const ours = versions.find((entry) => entry.version === OCPI_VERSION);
  if (!ours) {
    const offered = versions.map((entry) => entry.version).join(', ') || 'none';
    throw new OcpiClientError(`The partner offers OCPI ${offered}, not ${OCPI_VERSION}`, null, OCPI_STATUS.UNSUPPORTED_VERSION);
  }
  const { data: details } = await callOcpi({ method: 'GET', url: ours.url, token, allowPrivate }, ocpiVersionDetailsSchema);
  if (details.version !== OCPI_VERSION)
    throw new OcpiClientError(`The partner's ${OCPI_VERSION} details describe version ${details.version}`, null, OCPI_STATUS.UNSUPPORTED_VERSION);
  for (const endpoint of details.endpoints) {
    try {
      await checkPartnerUrl(endpoint.url, { allowPrivate });
    } catch (error) {
      if (error instanceof PartnerUrlError) throw new OcpiClientError(`The partner's ${endpoint.identifier} endpoint is refused: ${error.message}`);
      throw error;
    }
  }
  return { versionsUrl, version: OCPI_VERSION, endpoints: details.endpoints };
};

/** The partner's credentials endpoint, the one place registration, update and removal are sent to. */
export const credentialsEndpointOf = (endpoints: readonly OcpiEndpoint[]) => {
  const endpoint = endpoints.find((candidate) => candidate.identifier === 'credentials');
  if (!endpoint) throw new OcpiClientError('The partner lists no credentials endpoint for 2.2.1');
  return endpoint.url;
};

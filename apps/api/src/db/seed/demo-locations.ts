import type { ChargerKind } from '@wattdesk/shared';

export type DemoLocation = {
  key: string;
  name: string;
  addressLine1: string;
  addressLine2?: string;
  city: string;
  zipCode: string;
  state: string;
  lng: number;
  lat: number;
  timeZone: string;
  hasReseller?: boolean;
  chargers: number;
};

/** Real streets of three Bay Area cities, so maps and addresses look like a network someone runs. */
export const DEMO_LOCATIONS: readonly DemoLocation[] = [
  {
    key: 'sf-embarcadero',
    name: 'Embarcadero Center Garage',
    addressLine1: '4 Embarcadero Center',
    addressLine2: 'Level P2',
    city: 'San Francisco',
    zipCode: '94111',
    state: 'CA',
    lng: -122.3966,
    lat: 37.7952,
    timeZone: 'America/Los_Angeles',
    chargers: 6,
  },
  {
    key: 'sf-mission-bay',
    name: 'Mission Bay Commons',
    addressLine1: '1600 Owens Street',
    city: 'San Francisco',
    zipCode: '94158',
    state: 'CA',
    lng: -122.3937,
    lat: 37.768,
    timeZone: 'America/Los_Angeles',
    chargers: 5,
  },
  {
    key: 'sf-civic-center',
    name: 'Civic Center Plaza Garage',
    addressLine1: '355 McAllister Street',
    city: 'San Francisco',
    zipCode: '94102',
    state: 'CA',
    lng: -122.418,
    lat: 37.7805,
    timeZone: 'America/Los_Angeles',
    chargers: 4,
  },
  {
    key: 'oak-jack-london',
    name: 'Jack London Square',
    addressLine1: '55 Harrison Street',
    city: 'Oakland',
    zipCode: '94607',
    state: 'CA',
    lng: -122.2789,
    lat: 37.7945,
    timeZone: 'America/Los_Angeles',
    chargers: 6,
  },
  {
    key: 'oak-lake-merritt',
    name: 'Lake Merritt Offices',
    addressLine1: '1999 Harrison Street',
    addressLine2: 'Garage entrance on 20th St',
    city: 'Oakland',
    zipCode: '94612',
    state: 'CA',
    lng: -122.2646,
    lat: 37.8075,
    timeZone: 'America/Los_Angeles',
    chargers: 5,
  },
  {
    key: 'oak-uptown',
    name: 'Uptown Station',
    addressLine1: '1955 Broadway',
    city: 'Oakland',
    zipCode: '94612',
    state: 'CA',
    lng: -122.2694,
    lat: 37.8094,
    timeZone: 'America/Los_Angeles',
    chargers: 4,
  },
  {
    key: 'sj-diridon',
    name: 'Diridon Station Garage',
    addressLine1: '65 Cahill Street',
    city: 'San Jose',
    zipCode: '95110',
    state: 'CA',
    lng: -121.9026,
    lat: 37.3297,
    timeZone: 'America/Los_Angeles',
    hasReseller: true,
    chargers: 5,
  },
  {
    key: 'sj-santana-row',
    name: 'Santana Row Garage',
    addressLine1: '377 Santana Row',
    city: 'San Jose',
    zipCode: '95128',
    state: 'CA',
    lng: -121.9475,
    lat: 37.3209,
    timeZone: 'America/Los_Angeles',
    hasReseller: true,
    chargers: 6,
  },
  {
    key: 'sj-sap-center',
    name: 'SAP Center Lot',
    addressLine1: '525 West Santa Clara Street',
    city: 'San Jose',
    zipCode: '95113',
    state: 'CA',
    lng: -121.901,
    lat: 37.3327,
    timeZone: 'America/Los_Angeles',
    chargers: 4,
  },
];

export const DEMO_CHARGER_MODELS: Record<ChargerKind, { model: string; maxPowerKw: number; connectorTypes: string[] }> = {
  dumb: { model: 'Wattdesk Basic L2', maxPowerKw: 7.2, connectorTypes: ['J1772'] },
  smart: { model: 'Wattdesk Smart 11', maxPowerKw: 11.5, connectorTypes: ['J1772'] },
  nift: { model: 'NIFT Hub 19', maxPowerKw: 19.2, connectorTypes: ['J1772', 'NACS'] },
};

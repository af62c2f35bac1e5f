import { grantableTypes } from './admin-reach.ts';
import { MENU_ITEMS } from './menus.ts';
import { ALL_PERMISSIONS, PERMISSION_AREAS, PERMISSIONS } from './permissions.ts';
import { can, landingPathFor, permissionsOf } from './role-permissions.ts';
import { isAdminType, reachesAllLocations, USER_TYPE_LABELS, USER_TYPES, type UserType } from './roles.ts';

/** Short column headings for the matrix; the legend spells them out. */
const SHORT: Record<UserType, string> = {
  None: 'NO',
  Driver: 'DR',
  Admin: 'AD',
  SuperAdmin: 'SA',
  MobileAdmin: 'MA',
  Scheduler: 'SC',
  PortfolioManager: 'PM',
  ReadonlyAdmin: 'RA',
  ReadonlySuperAdmin: 'RS',
  Reseller: 'RE',
  ManufacturingAdmin: 'MF',
  ThirdPartyManufacturer: 'TP',
};

/** The reasoning behind the two sets the spec leaves open (section 6). Kept here so the doc shows it. */
const DESIGN_NOTES = `## MobileAdmin and Scheduler: our design

The specification names both types but does not give their permissions. We decided:

- **MobileAdmin (maintenance administrator)** does hands-on maintenance at the chargers of the locations in
  their list, mostly from a phone. They see the control center, the locations' chargers and profile menus,
  charging sessions and charger logs; they put chargers in maintenance and take them out, rename chargers,
  upload installation photos, run remote actions (reset, unlock), switch availability, request diagnostics
  and push firmware updates. They also have mobile access. They have no dashboard (so they land on the
  control center), no money (rates, fees, payouts), no drivers, no administrators and no exports: that work
  belongs to the operators of a location.
- **Scheduler** books chargers for time windows: they see the locations and chargers in their list and
  create, change and cancel charger schedules, nothing else. The spec does not count Scheduler as an
  administrator, so a Scheduler cannot sign in to the dashboard; the set is what a scheduling client (or a
  future dashboard role) may do, and no administrator screen is built around it.

Other decisions:

- **SuperAdmin** holds every permission except \`User_Locations\` (a driver's own list of places to charge).
  It keeps \`Mobile_Access\`, so that every other administrator type is a subset of SuperAdmin and a
  SuperAdmin can grant it.
- **ReadonlySuperAdmin** holds every view permission (exports included) except the driver's own ones.
- **Exports** are view permissions: they change nothing, but they are separate so that a read-only role
  can see a list without taking it away in bulk.
- **Prices** (spec section 6: PortfolioManager "rates update"; Admin "without rates update or fees"):
  PortfolioManager sets rates, the session fee and idle fees of its locations (\`Rates_Update\`,
  \`Fees_Update\`, \`Idle_Fees_Update\`) and sees violations; Admin only views them. Admin keeps
  \`Violations_Update\` (violation rules, waiving a violation): enforcing the rules of a site is operations.
  The network default session fee of a currency (\`Fees_Default_Update\`) applies to every location that
  sets none, so only SuperAdmin holds it.
- **Own account** (\`Account_Settings_View\`, \`Account_Settings_Update\`) is of kind \`self\`: it changes only the
  holder's own profile, password, second factor and sign-ins, so every administrator type holds it, read-only
  types included (decision 016).`;

const REACH_NOTES = `## Who may grant which type

Managing administrators needs \`Admins_Invite\`, \`Admins_Update\` or \`Admins_Deactivate\`. Beyond the permission,
a manager's **reach** limits what they hand out (\`packages/shared/src/admin-reach.ts\`):

- a type only if **every permission of that type is also the manager's own**, and only administrator types;
- a type that reaches every location (SuperAdmin, ReadonlySuperAdmin) only if the manager reaches every location;
- locations only **from the manager's own list**, unless the manager reaches every location;
- an administrator can be changed, deactivated or reactivated only while they are within the manager's reach:
  their type grantable by the manager and all their locations in the manager's list;
- **nobody changes their own account** there (type, locations, status).

Managers who do not reach every location see the administrators sharing at least one location with them;
locations outside their list are counted, not named.`;

const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
const table = (head: readonly string[], rows: readonly (readonly string[])[]) => [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');

const typesSection = () =>
  table(
    ['Type', 'Short', 'Label', 'Signs in to the dashboard', 'Locations', 'Permissions', 'Lands on'],
    USER_TYPES.map((type) => [
      `\`${type}\``,
      SHORT[type],
      USER_TYPE_LABELS[type],
      isAdminType(type) ? 'yes' : 'no',
      reachesAllLocations(type) ? 'all' : 'own list',
      String(permissionsOf(type).size),
      isAdminType(type) ? `\`${landingPathFor(type)}\`` : '—',
    ]),
  );

const grantSection = () =>
  table(
    ['Manager type', 'May grant'],
    USER_TYPES.filter((type) => can(type, 'Admins_Invite') || can(type, 'Admins_Update')).map((type) => [
      `\`${type}\``,
      grantableTypes(type)
        .map((granted) => `\`${granted}\``)
        .join(', ') || '—',
    ]),
  );

const catalogueSection = () =>
  PERMISSION_AREAS.map((area) => {
    const names = ALL_PERMISSIONS.filter((permission) => PERMISSIONS[permission].area === area);
    return `### ${area.charAt(0).toUpperCase()}${area.slice(1)}\n\n${table(
      ['Permission', 'Kind', 'Description'],
      names.map((permission) => [`\`${permission}\``, PERMISSIONS[permission].kind, PERMISSIONS[permission].description]),
    )}`;
  }).join('\n\n');

const matrixSection = () =>
  table(
    ['Permission', ...USER_TYPES.map((type) => SHORT[type])],
    ALL_PERMISSIONS.map((permission) => [`\`${permission}\``, ...USER_TYPES.map((type) => (can(type, permission) ? '✓' : ''))]),
  );

const menusSection = () =>
  table(
    ['Menu key', 'Label', 'Path', 'Needs'],
    MENU_ITEMS.map((item) => [`\`${item.key}\``, item.label, `\`${item.path}\``, `\`${item.permission}\``]),
  );

/** docs/permissions.md, generated from the catalogue so it cannot drift (`npm run docs:permissions`). */
export const renderPermissionsDoc = (): string =>
  `${[
    '# Permissions and user types',
    '<!-- Generated by `npm run docs:permissions` from packages/shared/src (permissions.ts, role-permissions.ts, admin-reach.ts, menus.ts). Do not edit: a test fails when this file and the code differ. -->',
    `The catalogue holds ${ALL_PERMISSIONS.length} permissions in ${PERMISSION_AREAS.length} areas. Every API route declares the permission it needs (and, when it acts on one location, where that location is); the web app shows only the menus and actions the user's type allows. SuperAdmin and ReadonlySuperAdmin reach every location; everyone else only the locations in their list.`,
    `## User types\n\n${typesSection()}`,
    DESIGN_NOTES,
    `${REACH_NOTES}\n\n${grantSection()}`,
    `## Catalogue\n\n${catalogueSection()}`,
    `## Matrix\n\nColumns use the short names of the user types table.\n\n${matrixSection()}`,
    `## Menus\n\nA menu is shown when the user's type holds its permission.\n\n${menusSection()}`,
  ].join('\n\n')}\n`;

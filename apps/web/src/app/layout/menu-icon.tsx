import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import BoltIcon from '@mui/icons-material/Bolt';
import BuildIcon from '@mui/icons-material/Build';
import CardMembershipIcon from '@mui/icons-material/CardMembership';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DescriptionIcon from '@mui/icons-material/Description';
import DevicesIcon from '@mui/icons-material/Devices';
import ElectricCarIcon from '@mui/icons-material/ElectricCar';
import EvStationIcon from '@mui/icons-material/EvStation';
import GavelIcon from '@mui/icons-material/Gavel';
import HistoryIcon from '@mui/icons-material/History';
import HubIcon from '@mui/icons-material/Hub';
import MemoryIcon from '@mui/icons-material/Memory';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import PlaceIcon from '@mui/icons-material/Place';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SettingsIcon from '@mui/icons-material/Settings';
import StorefrontIcon from '@mui/icons-material/Storefront';
import TerminalIcon from '@mui/icons-material/Terminal';
import TimerIcon from '@mui/icons-material/Timer';
import TuneIcon from '@mui/icons-material/Tune';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import type { SvgIconComponent } from '@mui/icons-material';

const ICONS: Record<string, SvgIconComponent> = {
  dashboard: DashboardIcon,
  'control-center': EvStationIcon,
  'charging-sessions': ElectricCarIcon,
  drivers: PeopleIcon,
  'charger-schedule': ScheduleIcon,
  maintenance: BuildIcon,
  firmware: MemoryIcon,
  subscription: CardMembershipIcon,
  license: VpnKeyIcon,
  logs: ReceiptLongIcon,
  'system-logs': TerminalIcon,
  'activity-log': HistoryIcon,
  'manage-admins': AdminPanelSettingsIcon,
  roaming: HubIcon,
  profile: StorefrontIcon,
  'location-name': PlaceIcon,
  assets: DevicesIcon,
  'account-setting': SettingsIcon,
  'payment-info': PaymentsIcon,
  'payouts-account-details': AccountBalanceIcon,
  'payouts-history': AccountBalanceIcon,
  rates: BoltIcon,
  'idle-fees': TimerIcon,
  'other-fees': ReceiptLongIcon,
  violations: GavelIcon,
  'utility-info': BoltIcon,
  dpo: TuneIcon,
  agreements: DescriptionIcon,
};

export const MenuIcon = ({ menuKey }: { menuKey: string }) => {
  const Icon = ICONS[menuKey] ?? DashboardIcon;
  return <Icon fontSize="small" />;
};

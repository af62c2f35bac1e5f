import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { toast } from 'react-toastify/unstyled';

// Icons are passed as functions: toastify clones element icons with a `theme` prop that would
// replace MUI's theme inside the icon.
const SuccessIcon = () => <CheckCircleIcon htmlColor="#2e7d32" aria-label="success" />;
const AlertIcon = () => <ErrorOutlineIcon htmlColor="#d32f2f" aria-label="alert" />;

/** Success toasts carry a green tick; everything else an alert icon (spec section 2). */
export const notifySuccess = (message: string) => toast.success(message, { icon: SuccessIcon });

export const notifyError = (message: string) => toast.error(message, { icon: AlertIcon });

export const notifyInfo = (message: string) => toast.info(message, { icon: AlertIcon });

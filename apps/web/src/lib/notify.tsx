import { toast } from 'react-toastify/unstyled';

// Inline marks rather than MUI icons: toasts show on the sign-in page, whose JavaScript budget has no room for MUI.
// Passed as functions: toastify clones element icons with a `theme` prop.
const SuccessIcon = () => (
  <svg viewBox="0 0 24 24" width="24" height="24" fill="#2e7d32" role="img" aria-label="success">
    <path d="M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m-2 15-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8z" />
  </svg>
);
const AlertIcon = () => (
  <svg viewBox="0 0 24 24" width="24" height="24" fill="#d32f2f" role="img" aria-label="alert">
    <path d="M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8" />
  </svg>
);

/** Success toasts carry a green tick; everything else an alert icon (spec section 2). */
export const notifySuccess = (message: string) => toast.success(message, { icon: SuccessIcon });

export const notifyError = (message: string) => toast.error(message, { icon: AlertIcon });

export const notifyInfo = (message: string) => toast.info(message, { icon: AlertIcon });

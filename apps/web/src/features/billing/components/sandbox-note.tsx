import Alert from '@mui/material/Alert';

/** Said wherever billing runs against the local Stripe sandbox. */
export const SandboxNote = () => (
  <Alert severity="info" sx={{ mb: 2 }}>
    Sandbox mode: this server has no Stripe keys, so billing goes to Wattdesk's local Stripe sandbox. Cards are Stripe's test cards and no money
    moves.
  </Alert>
);

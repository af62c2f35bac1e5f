import { createSecretBox, type SecretBox } from '../../lib/secret-box.ts';

/** The secret box that seals the tokens we present to partners (ocpi_partners.outgoing_token_sealed). */
export const ocpiCredentialsBox = (jwtSecret: string): SecretBox => createSecretBox(jwtSecret, 'ocpi-credentials');

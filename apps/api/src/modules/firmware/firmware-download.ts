import { createTokenSigner } from '../../lib/signed-token.ts';

type DownloadClaims = { i: string; c: string };

/**
 * The URL a charger downloads its image from (UpdateFirmware `location`): a file name with the version in it, as
 * vendors' URLs have, and a signed, expiring token naming the image and the charger. Any node that shares
 * the secret serves it; nothing is stored.
 */
export const createDownloadLinks = ({ secret, baseUrl }: { secret: string; baseUrl: string }) => {
  const signer = createTokenSigner(secret, 'firmware-download');
  return {
    url: (image: { id: string; version: string }, chargerId: string, expiresAt: Date) =>
      `${baseUrl}/web/firmware/download/firmware-${encodeURIComponent(image.version)}.bin?token=${signer.sign<DownloadClaims>({ i: image.id, c: chargerId }, expiresAt)}`,
    /** The image id the token names, when it is ours and has not expired. */
    imageOf: (token: string, now: Date): string | undefined => signer.verify<DownloadClaims>(token, now)?.i,
  };
};

export type DownloadLinks = ReturnType<typeof createDownloadLinks>;

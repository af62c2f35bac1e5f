/** What the signer agrees to by ticking the box; printed on the signature certificate as well. */
export const ESIGNATURE_CONSENT_TEXT =
  'By checking this box and clicking Submit, I agree to sign this agreement electronically. I understand that my electronic signature is legally binding, has the same effect as a handwritten signature, and that a signed copy will be sent to my e-mail address.';

/** A certificate's code: 12 letters and digits of Crockford's base 32 (no I, L, O or U). */
export const CERTIFICATE_CODE = /^[0-9A-HJKMNP-TV-Z]{12}$/;

/** "XXXX-XXXX-XXXX": how a code is printed and read aloud. */
export const formatCertificateCode = (code: string) => code.replace(/(.{4})(?=.)/g, '$1-');

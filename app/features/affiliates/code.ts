// Affiliate codes (DESIGN.md section 5): made by the server, never chosen by the client; eight
// characters a partner can read out over the phone, so no letters or digits that look alike
// (0/O, 1/I/L). 31^8 ≈ 8.5 × 10^11 codes; a collision is caught by the unique constraint.
export const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const CODE_LENGTH = 8;

/** A random code; `randomBytes` is injectable so tests can drive it. */
export function generateAffiliateCode(randomBytes: (size: number) => Uint8Array = (size) => crypto.getRandomValues(new Uint8Array(size))): string {
  // Rejection sampling: bytes past the largest multiple of the alphabet's size would favour its
  // first letters.
  const limit = 256 - (256 % CODE_ALPHABET.length);
  let code = "";
  while (code.length < CODE_LENGTH) {
    for (const byte of randomBytes(CODE_LENGTH * 2)) {
      if (byte < limit && code.length < CODE_LENGTH) code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
    }
  }
  return code;
}

/** A base32 secret in groups of four, as authenticator apps show it: 'JBSW Y3DP EHPK 3PXP'. */
export function groupSecret(secret: string, size = 4): string {
  const plain = secret.replace(/[\s-]/g, '').toUpperCase();
  return plain.match(new RegExp(`.{1,${size}}`, 'g'))?.join(' ') ?? '';
}

/** The text file of recovery codes: who they are for, when, and one code a line. */
export function recoveryCodesText(codes: readonly string[], heading: string): string {
  return `${heading}\n\n${codes.join('\n')}\n`;
}

/** The part of mailauth's tools the DKIM check uses (the package ships no types for this file). */
declare module 'mailauth/lib/tools.js' {
  export function getPublicKey(
    type: 'DKIM',
    name: string,
    minBitLength: number,
    resolver: (name: string, type: string) => Promise<unknown>,
  ): Promise<{ publicKey: string; rr: string; keyType: string; modulusLength?: number }>;
}

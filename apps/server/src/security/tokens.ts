import { SignJWT, jwtVerify } from 'jose';

export interface TokenClaims {
  adminId: number;
  sessionId: string;
}

const ISSUER = 'makerdesk';

/** Short-lived HS256 JWTs; every request also checks the server-side session the token names. */
export class TokenSigner {
  constructor(private readonly key: Uint8Array) {}

  async sign(claims: TokenClaims, expiresAt: Date): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.adminId))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'] });
      const adminId = Number(payload.sub);
      if (!Number.isInteger(adminId) || typeof payload.sid !== 'string') return null;
      return { adminId, sessionId: payload.sid };
    } catch {
      return null;
    }
  }
}

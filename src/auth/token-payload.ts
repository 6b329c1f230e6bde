/** What a verified access token carries (SPEC §2.4); the guard attaches it to the request as `user`. */
export interface TokenPayload {
  sub: number;
  username: string;
  iat: number;
  exp: number;
}

declare module 'express-serve-static-core' {
  interface Request {
    user?: TokenPayload;
  }
}

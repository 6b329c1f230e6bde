import type { Request } from 'express';
import { clientAddressOf } from '../common/http/client-address';
import { clientGoneSignal } from '../common/http/client-gone-signal';

/** Who asks for a password check: the client's address (its share of the password hasher) and whether it is still there. */
export const passwordCallerOf = (request: Request) => ({
  client: clientAddressOf(request),
  signal: clientGoneSignal(request),
});

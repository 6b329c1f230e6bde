import { Injectable, NotFoundException } from '@nestjs/common';
import type { TenantResponseDto } from './dto/tenant-response.dto';

/** One DNS label (RFC 1123): letters, digits and inner hyphens, at most 63 characters. */
const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

@Injectable()
export class TenantsService {
  /**
   * The host pattern's `:account` also captures dots (`a.b.example.com` gives `a.b`), so the account is
   * checked to be a single label; host names are case-insensitive, so it is compared in lower case.
   */
  getTenant(account: string): TenantResponseDto {
    const label = account.toLowerCase();
    if (!DNS_LABEL.test(label)) throw new NotFoundException(`No account at ${account}.example.com`);
    return { account: label };
  }
}

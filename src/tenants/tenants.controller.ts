import { Controller, Get, HostParam } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/decorators/public.decorator';
import { TenantResponseDto } from './dto/tenant-response.dto';
import { TenantsService } from './tenants.service';

/**
 * Host routing: these routes exist only for hosts matching
 * `:account.example.com`; for any other host Nest passes the request on, and it ends as a 404.
 * The host comes from the Host header (Express's `req.hostname`, port removed).
 */
@ApiTags('tenants')
@Public()
@Controller({ host: ':account.example.com' })
export class TenantsController {
  constructor(private readonly tenants: TenantsService) {}

  @Get('tenant')
  @ApiOperation({ summary: 'The account named by the sub-domain (send Host: <account>.example.com)' })
  @ApiOkResponse({ type: TenantResponseDto })
  @ApiNotFoundResponse({ description: 'The host is not <account>.example.com' })
  getTenant(@HostParam('account') account: string): TenantResponseDto {
    return this.tenants.getTenant(account);
  }
}

import { ApiProperty } from '@nestjs/swagger';

export class TenantResponseDto {
  @ApiProperty({ example: 'acme', description: 'The sub-domain the request was sent to' })
  account: string;
}

import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';

/** No length rule: any string that is not a live token is the same 401 (refresh) or 204 (logout). */
export class RefreshTokenDto {
  @ApiProperty({ description: 'A refresh token from login or the last refresh' })
  @IsString()
  refresh_token: string;
}

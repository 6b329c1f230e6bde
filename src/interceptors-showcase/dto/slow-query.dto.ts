import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIntInRange, toInteger } from '../../common/validation/field-validators';

export class SlowQueryDto {
  @Transform(toInteger)
  @ApiProperty({
    description: 'How long the handler waits, in ms',
    minimum: 0,
    maximum: 60_000,
    example: 100,
  })
  @IsIntInRange(0, 60_000)
  ms: number;
}

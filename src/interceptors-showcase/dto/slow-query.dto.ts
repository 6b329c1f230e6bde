import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';

export class SlowQueryDto {
  // Digits only: Number() would also read '', ' 1 ' and '1e3', which are not what a client means.
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value,
  )
  @ApiProperty({
    description: 'How long the handler waits, in ms',
    minimum: 0,
    maximum: 60_000,
    example: 100,
  })
  @IsInt()
  @Min(0)
  @Max(60_000)
  ms: number;
}

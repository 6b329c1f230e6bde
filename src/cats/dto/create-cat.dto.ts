import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { IsIntInRange } from '../../common/validation/field-validators';

/** Only these three properties reach the handler: the global pipe strips the rest. */
export class CreateCatDto {
  @ApiProperty({ example: 'Tom', minLength: 1, maxLength: 100 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name: string;

  @ApiProperty({ example: 3, minimum: 0, maximum: 50, description: 'Age in whole years' })
  @IsIntInRange(0, 50)
  age: number;

  @ApiProperty({ example: 'Maine Coon', minLength: 1, maxLength: 100 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  breed: string;
}

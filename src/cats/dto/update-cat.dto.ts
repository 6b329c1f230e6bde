import { PartialType } from '@nestjs/swagger';
import { CreateCatDto } from './create-cat.dto';

/** Every field of CreateCatDto, each optional but validated by the same rules when present. */
export class UpdateCatDto extends PartialType(CreateCatDto) {}

import { PartialType } from '@nestjs/swagger';
import { CreateCatDto } from './create-cat.dto';

/**
 * Every field of CreateCatDto, each optional but validated by the same rules when present; null is a value, and
 * refused like any other a field's rules do not take (PartialType would let it through by default).
 */
export class UpdateCatDto extends PartialType(CreateCatDto, { skipNullProperties: false }) {}

import { ValidationPipe } from '@nestjs/common';

/**
 * The one validation pipe at the edge (APP_PIPE): DTOs are validated here, services trust their input. Unknown
 * properties are stripped, and plain values become the DTO class (so defaults and transforms apply).
 */
export const createAppValidationPipe = () => new ValidationPipe({ whitelist: true, transform: true });

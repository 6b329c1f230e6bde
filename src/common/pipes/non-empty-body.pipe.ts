import { ArgumentMetadata, BadRequestException, Injectable, PipeTransform } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';

/**
 * For partial updates: after the global ValidationPipe has stripped unknown properties, a body that sets
 * none of the DTO's fields would change nothing, which is a client mistake rather than a successful update.
 * Use it on the parameter (`@Body(NonEmptyBodyPipe)`, `@Args('input', NonEmptyBodyPipe)`), so that it runs after
 * the global pipe.
 */
@Injectable()
export class NonEmptyBodyPipe implements PipeTransform<object | undefined, object> {
  transform(value: object | undefined, { metatype }: ArgumentMetadata): object {
    const hasField = Object.values(value ?? {}).some((field) => field !== undefined);
    if (!hasField) {
      const fields = metatype ? fieldsOf(metatype) : [];
      throw new BadRequestException(
        fields.length > 0
          ? `Nothing to update: send at least one of ${fields.join(', ')}`
          : 'Nothing to update: the body is empty',
      );
    }
    return value!;
  }
}

/** The validated property names of a DTO class, in declaration order. */
function fieldsOf(metatype: NonNullable<ArgumentMetadata['metatype']>): string[] {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(metatype, '', true, false);
  return [...new Set(metadata.map(({ propertyName }) => propertyName))];
}

import { BadRequestException } from '@nestjs/common';
import { IsInt, IsOptional, IsString } from 'class-validator';
import { NonEmptyBodyPipe } from './non-empty-body.pipe';

class ChangePetDto {
  @IsOptional()
  @IsString()
  name?: string;

  @IsOptional()
  @IsInt()
  age?: number;
}

describe(NonEmptyBodyPipe.name, () => {
  const sut = new NonEmptyBodyPipe();
  const metadata = { type: 'body', metatype: ChangePetDto } as const;

  it('should pass a body that sets at least one field', () => {
    const body = Object.assign(new ChangePetDto(), { age: 4 });

    expect(sut.transform(body, metadata)).toBe(body);
  });

  it('should reject an empty body and name the fields it accepts', () => {
    expect(() => sut.transform(new ChangePetDto(), metadata)).toThrow(
      new BadRequestException('Nothing to update: send at least one of name, age'),
    );
    expect(() => sut.transform(undefined, metadata)).toThrow(BadRequestException);
  });

  it('should count only defined values as fields', () => {
    const body = Object.assign(new ChangePetDto(), { name: undefined });

    expect(() => sut.transform(body, metadata)).toThrow('Nothing to update: send at least one of name, age');
  });

  it('should still explain itself without a DTO class', () => {
    expect(() => sut.transform({}, { type: 'body' })).toThrow('Nothing to update: the body is empty');
  });
});

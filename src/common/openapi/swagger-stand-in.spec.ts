import * as swagger from '@nestjs/swagger';
import { plainToInstance } from 'class-transformer';
import { IsInt, Max, validateSync } from 'class-validator';
import standIn from './swagger-stand-in';

class Cat {
  @standIn.ApiProperty({ example: 3 })
  @IsInt()
  @Max(50)
  age: number;
}

const problemsOf = (type: new () => object, plain: object) =>
  validateSync(plainToInstance(type, plain)).flatMap((error) => Object.values(error.constraints ?? {}));

describe('swagger-stand-in (what @nestjs/swagger resolves to in production)', () => {
  it('should export every name @nestjs/swagger does, so that no import of it is undefined', () => {
    // `default`: how Jest's interop shows an ES module's namespace on some Node versions, not one of its exports.
    const missing = Object.keys(swagger).filter((name) => name !== 'default' && !(name in standIn));

    expect(missing).toEqual([]);
  });

  it('should record no OpenAPI metadata: its decorators do nothing', () => {
    expect(Reflect.getMetadata(swagger.DECORATORS.API_MODEL_PROPERTIES_ARRAY, Cat.prototype)).toBeUndefined();
  });

  it('should keep the validation rules through PartialType, as swagger’s does', () => {
    class CatUpdate extends standIn.PartialType(Cat) {}
    class CatUpdateRefusingNull extends standIn.PartialType(Cat, { skipNullProperties: false }) {}

    expect(problemsOf(CatUpdate, {})).toEqual([]);
    expect(problemsOf(CatUpdate, { age: 51 })).toEqual(['age must not be greater than 50']);
    expect(problemsOf(CatUpdate, { age: null })).toEqual([]);
    expect(problemsOf(CatUpdateRefusingNull, { age: null })).toContain('age must be an integer number');
  });

  it('should keep the validation rules through PickType, OmitType and IntersectionType', () => {
    class Picked extends standIn.PickType(Cat, ['age'] as const) {}
    class Omitted extends standIn.OmitType(Cat, [] as const) {}
    class Both extends standIn.IntersectionType(Picked, Omitted) {}

    for (const type of [Picked, Omitted, Both]) {
      expect(problemsOf(type, { age: 'x' })).toContain('age must be an integer number');
    }
  });

  it('should refuse DeepPartialType by name rather than give a class that checks nothing', () => {
    expect(() => standIn.DeepPartialType(Cat)).toThrow(/DeepPartialType needs @nestjs\/swagger itself/);
  });
});

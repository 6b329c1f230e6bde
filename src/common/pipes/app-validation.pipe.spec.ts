import { BadRequestException, type ArgumentMetadata } from '@nestjs/common';
import { IsString, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import { IsIntInRange, IsRequired } from '../validation/field-validators';
import { AppValidationPipe, bracketedQueryParameter, MAX_NESTING, valueProblem } from './app-validation.pipe';

class Named {
  @IsString()
  name!: string;
}

/** An array nested `depth` levels deep: `[[[…]]]`. */
const nested = (depth: number): unknown => JSON.parse('['.repeat(depth) + ']'.repeat(depth));

const body: ArgumentMetadata = { type: 'body', metatype: Named };

describe('AppValidationPipe', () => {
  const pipe = new AppValidationPipe();

  it('should let through values nested up to MAX_NESTING levels, and name the property nested deeper', () => {
    expect(valueProblem({ data: nested(MAX_NESTING - 1) })).toBeUndefined();
    expect(valueProblem({ name: 'x', data: nested(MAX_NESTING) })).toBe(
      `data nests objects or arrays more than ${MAX_NESTING} levels deep`,
    );
    // Far past the depth that overflowed class-transformer's recursion.
    expect(valueProblem(nested(100_000))).toBe(
      `the value nests objects or arrays more than ${MAX_NESTING} levels deep`,
    );
  });

  it.each(['__proto__', 'constructor', 'prototype'])(
    'should name a %s key below the top level rather than let Nest delete it from a document',
    (key) => {
      const value = JSON.parse(`{"name":"x","data":{"list":[{"${key}":{"polluted":true}}]}}`) as object;

      expect(valueProblem(value)).toBe(
        `data holds the key "${key}" (__proto__, constructor and prototype are not accepted)`,
      );
    },
  );

  it('should leave a reserved key at the top level to be dropped like any unknown property', async () => {
    const value = JSON.parse('{"name":"x","constructor":"y"}') as object;

    expect(valueProblem(value)).toBeUndefined();
    await expect(pipe.transform(value, body)).resolves.toEqual({ name: 'x' });
  });

  it('should answer a 400 that says what is wrong, before transforming the value', async () => {
    const refusal = pipe.transform({ name: 'x', data: nested(5_000) }, body);

    await expect(refusal).rejects.toBeInstanceOf(BadRequestException);
    await expect(refusal).rejects.toMatchObject({
      response: { message: [`data nests objects or arrays more than ${MAX_NESTING} levels deep`] },
    });
  });

  it('should refuse a bracketed query parameter rather than drop it and answer an unfiltered list', async () => {
    const query: ArgumentMetadata = { type: 'query', metatype: Named };

    expect(bracketedQueryParameter({ name: 'x' })).toBeUndefined();
    expect(bracketedQueryParameter({ 'filter[name]': 'x' })).toBe(
      'filter[name] is not a query parameter: names take no brackets (send filter=…)',
    );
    await expect(pipe.transform({ name: 'x', 'genre[]': ['A', 'B'] }, query)).rejects.toMatchObject({
      response: { message: ['genre[] is not a query parameter: names take no brackets (send genre=…)'] },
    });
    // A body's keys are its own: a JSON document may hold any.
    await expect(pipe.transform({ name: 'x', 'genre[]': 'A' }, body)).resolves.toEqual({ name: 'x' });
  });

  it('should say a parameter came twice where the query class takes one value', async () => {
    class Page {
      @IsString()
      name!: string;

      @IsString({ each: true })
      tags!: string[];
    }
    const query: ArgumentMetadata = { type: 'query', metatype: Page };

    await expect(pipe.transform({ name: ['a', 'b'] }, query)).rejects.toMatchObject({
      response: { message: ['name is given more than once: give it once'] },
    });
    await expect(pipe.transform({ name: 'a', tags: ['x', 'y'] }, query)).resolves.toEqual({
      name: 'a',
      tags: ['x', 'y'],
    });
    // A plain object type takes whatever comes.
    await expect(pipe.transform({ a: ['1', '2'] }, { type: 'query', metatype: Object })).resolves.toEqual({
      a: ['1', '2'],
    });
  });

  it('should refuse a query parameter the query class does not take, naming it and the ones it takes', async () => {
    class List {
      @IsString()
      name!: string;
    }
    const query: ArgumentMetadata = { type: 'query', metatype: List };

    await expect(pipe.transform({ name: 'a', title: 'Dune' }, query)).rejects.toMatchObject({
      response: { message: ['title is not a query parameter of this route; it takes name'] },
    });
    await expect(pipe.transform({ name: 'a' }, query)).resolves.toEqual({ name: 'a' });
  });

  it('should say a required value is missing once, not as the failure of each of its rules', async () => {
    class Chapter {
      @IsRequired()
      @IsIntInRange(1, 100)
      pages!: number;
    }
    class Book {
      @IsRequired()
      @IsString()
      title!: string;

      @ValidateNested()
      @Type(() => Chapter)
      chapter!: Chapter;
    }
    const metadata: ArgumentMetadata = { type: 'body', metatype: Book };

    await expect(pipe.transform({ chapter: {} }, metadata)).rejects.toMatchObject({
      response: { message: ['title is required', 'chapter.pages is required'] },
    });
    await expect(pipe.transform({ title: null, chapter: { pages: 0 } }, metadata)).rejects.toMatchObject({
      response: { message: ['title cannot be null', 'chapter.pages must be an integer between 1 and 100'] },
    });
  });

  it('should validate as Nest does otherwise', async () => {
    await expect(pipe.transform({ name: 'x', extra: 1 }, body)).resolves.toEqual({ name: 'x' });
    await expect(pipe.transform({ name: 1 }, body)).rejects.toBeInstanceOf(BadRequestException);
  });

  it('should leave numbers and booleans of route params and query strings as text for their own pipes', async () => {
    const param: ArgumentMetadata = { type: 'param', metatype: Number, data: 'id' };
    const query: ArgumentMetadata = { type: 'query', metatype: Number, data: 'limit' };
    const flag: ArgumentMetadata = { type: 'query', metatype: Boolean, data: 'accepted' };
    const text: ArgumentMetadata = { type: 'query', metatype: String, data: 'to' };

    await expect(pipe.transform('0x1', param)).resolves.toBe('0x1');
    await expect(pipe.transform('1e3', query)).resolves.toBe('1e3');
    await expect(pipe.transform('yes', flag)).resolves.toBe('yes');
    // Text stays Nest's: a repeated key (`?to=a&to=b`) becomes one string, not an array.
    await expect(pipe.transform(['a', 'b'], text)).resolves.toBe('a,b');
  });
});

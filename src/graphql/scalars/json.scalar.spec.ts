import { GraphQLError, parseValue } from 'graphql';
import { JSONScalar } from './json.scalar';

describe('JSONScalar', () => {
  it('should read an inline object literal as plain objects, at every depth, as variables are', () => {
    const sut = JSONScalar.parseLiteral(parseValue('{a: 1, b: [{c: "d"}], e: {f: null}}'), {});

    expect(sut).toEqual({ a: 1, b: [{ c: 'd' }], e: { f: null } });
    const objects = [sut, (sut as { b: object[] }).b[0], (sut as { e: object }).e];
    for (const object of objects) expect(Object.getPrototypeOf(object)).toBe(Object.prototype);
  });

  it('should keep scalars, lists and values of variables inside a literal', () => {
    expect(JSONScalar.parseLiteral(parseValue('[1, "two", true, null]'), {})).toEqual([1, 'two', true, null]);
    expect(JSONScalar.parseLiteral(parseValue('{a: $x}'), { x: { y: 1 } })).toEqual({ a: { y: 1 } });
  });

  it('should keep a key named __proto__ as data, not as a prototype', () => {
    const sut = JSONScalar.parseLiteral(parseValue('{__proto__: {polluted: true}}'), {}) as object;

    expect(Object.getPrototypeOf(sut)).toBe(Object.prototype);
    expect(Object.keys(sut)).toEqual(['__proto__']);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('should refuse a bare word, which JSON cannot hold, rather than drop it', () => {
    for (const literal of ['{a: SOME_ENUM, b: 1}', '[SOME_ENUM, 1]', 'SOME_ENUM']) {
      expect(() => JSONScalar.parseLiteral(parseValue(literal), {})).toThrow(
        new GraphQLError('JSON cannot hold the bare word SOME_ENUM: write it as a string, "SOME_ENUM"'),
      );
    }
  });

  it('should leave out an object field, and make a list item null, whose variable has no value, as GraphQL does', () => {
    expect(JSONScalar.parseLiteral(parseValue('{a: $v, b: [$v, 1]}'), {})).toEqual({ b: [null, 1] });
    expect(JSONScalar.parseLiteral(parseValue('{a: $v, b: [$v, 1]}'), { v: null })).toEqual({
      a: null,
      b: [null, 1],
    });
    expect(JSONScalar.parseLiteral(parseValue('{a: $v}'), { v: [2] })).toEqual({ a: [2] });
  });
});

import { pathToFileURL } from 'node:url';
import { useSwaggerStandIn } from './use-swagger-stand-in';

describe(useSwaggerStandIn.name, () => {
  it('should change nothing where Node has no module hooks (Node 20)', () => {
    expect(useSwaggerStandIn(null)).toBe(false);
  });

  it('should resolve @nestjs/swagger, and nothing else, to the stand-in', () => {
    const register = jest.fn();

    expect(useSwaggerStandIn(register)).toBe(true);

    const [[{ resolve }]] = register.mock.calls;
    const next = jest.fn((specifier: string) => ({ url: `file:///node_modules/${specifier}` }));
    expect(resolve('@nestjs/swagger', {}, next)).toEqual({
      url: pathToFileURL(require.resolve('./swagger-stand-in')).href,
      shortCircuit: true,
    });
    expect(resolve('@nestjs/swagger/package.json', {}, next)).toEqual({
      url: 'file:///node_modules/@nestjs/swagger/package.json',
    });
    expect(resolve('@nestjs/common', {}, next)).toEqual({ url: 'file:///node_modules/@nestjs/common' });
  });
});

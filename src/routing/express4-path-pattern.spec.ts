import { Express4PathPattern } from './express4-path-pattern';

describe(Express4PathPattern.name, () => {
  const matching = (pattern: string, paths: string[]) => {
    const sut = Express4PathPattern.compile(pattern);
    return paths.filter((path) => sut.matches(path));
  };

  it('should read * as any run of characters, including none', () => {
    expect(
      matching('ab*cd', ['abcd', 'abxcd', 'ab123cd', 'abRANDOMcd', 'ab/x/cd', 'acd', 'abc', 'abcdx']),
    ).toEqual(['abcd', 'abxcd', 'ab123cd', 'abRANDOMcd', 'ab/x/cd']);
  });

  it('should read ? as "the character before is optional"', () => {
    expect(matching('ef?gh', ['egh', 'efgh', 'effgh', 'eh'])).toEqual(['egh', 'efgh']);
  });

  it('should read + as "the character before, once or more"', () => {
    expect(matching('ij+kl', ['ijkl', 'ijjkl', 'ijjjjkl', 'ikl', 'ijxkl'])).toEqual([
      'ijkl',
      'ijjkl',
      'ijjjjkl',
    ]);
  });

  it('should apply ? and + to a (group) as a whole', () => {
    expect(matching('mn(op)?q', ['mnq', 'mnopq', 'mnoq', 'mnopopq'])).toEqual(['mnq', 'mnopq']);
    expect(matching('mn(op)+q', ['mnq', 'mnopq', 'mnopopq'])).toEqual(['mnopq', 'mnopopq']);
  });

  it('should keep hyphen, dot and other regular-expression characters literal', () => {
    expect(matching('file-name.txt', ['file-name.txt', 'file_name.txt', 'file-nameXtxt'])).toEqual([
      'file-name.txt',
    ]);
    expect(matching('a|b[c]{2}$', ['a|b[c]{2}$', 'a', 'bcc'])).toEqual(['a|b[c]{2}$']);
  });

  it('should match the whole path, ignoring case and one trailing slash like Express', () => {
    expect(matching('ab*cd', ['xabcd', 'ABCD', 'abcd/', 'abcd//'])).toEqual(['ABCD', 'abcd/']);
    expect(Express4PathPattern.compile('ab*cd', { caseSensitive: true }).matches('ABCD')).toBe(false);
  });

  it('should keep the pattern as written', () => {
    expect(Express4PathPattern.compile('mn(op)?q').source).toBe('mn(op)?q');
  });

  it('should refuse a malformed pattern when it is compiled, naming it', () => {
    expect(() => Express4PathPattern.compile('ab(cd')).toThrow(/Invalid path pattern "ab\(cd"/);
    expect(() => Express4PathPattern.compile('?ab')).toThrow(SyntaxError);
  });
});

import { identifierProblem, nameProblem } from './validate-name';

describe(nameProblem.name, () => {
  it.each(['Thing', 'categories', 'BlogPost', 'person'])('should accept %p', (name) => {
    expect(nameProblem(name, 'the name', 'Thing')).toBeUndefined();
  });

  it.each([
    ['', /is required/],
    [undefined, /is required/],
    ['../things', /not a path/],
    ['src/things', /not a path/],
    ['things.ts', /not a path/],
    ['blog-post', /must be an identifier/],
    ['9lives', /must be an identifier/],
    [' Thing', /must be an identifier/],
    ['class', /reserved word/],
    ['Query', /reserved word/],
    ['users', /reserved word/],
    ['User', /reserved word/],
    ['sheep', /no distinct plural/],
  ])('should refuse %p, saying why', (name, message) => {
    expect(nameProblem(name, 'the name', 'Thing')).toMatch(message);
  });

  it('should allow names without a plural where no plural is needed', () => {
    expect(identifierProblem('Sheep', 'the name', 'Audit')).toBeUndefined();
  });
});

import type { Prompter } from '../utils/options';
import { askFields } from './ask-fields';

/** A terminal that gives these answers, one per question, in order. */
function terminal(answers: unknown[]): Prompter & { questions: string[] } {
  const questions: string[] = [];
  return {
    questions,
    prompt: <T>(asked: Array<{ name: string; message: string }>) => {
      questions.push(asked[0].message);
      return Promise.resolve({ [asked[0].name]: answers.shift() } as T);
    },
  };
}

describe('askFields', () => {
  it('should ask field by field until an empty name and show the resulting --fields', async () => {
    const lines: string[] = [];
    const sut = terminal([
      // name, type, its arguments, nullable, (min, max: numbers, string, text), unique, (index when not unique),
      // (search: string, text), default
      ...['title', 'string', '200', false, '', '', true, false, ''],
      ...['genre', 'enum', 'FICTION,POETRY', true, false, false, ''],
      // name, type, its parent, nullable, on delete
      ...['author', 'references', 'Author', false, ''],
      ...['translator', 'references', 'Author', true, ':set-null'],
      '',
    ]);

    const fields = await askFields(sut, ['Author'], ['id'], (line) => lines.push(line));

    expect(fields).toBe(
      'title:string{200}:unique genre?:enum{FICTION,POETRY} author:references translator?:references{Author}:set-null',
    );
    expect(lines).toEqual([`--fields "${fields}"`]);
    expect(sut.questions).toContain('Refers to:');
    expect(sut.questions).toContain('When the parent is deleted:');
  });

  it('should refuse a field as --fields would, say why, and ask again', async () => {
    const lines: string[] = [];
    const sut = terminal([
      ...['id', 'int', false, '', '', false, false, ''],
      ...['pages', 'int', false, '', '', false, false, ''],
      '',
    ]);

    const fields = await askFields(sut, [], ['id'], (line) => lines.push(line));

    expect(fields).toBe('pages:int');
    expect(lines[0]).toMatch(/field "id": id is reserved.*not added, try again/);
  });

  it('should not offer references when the app has no type to refer to', async () => {
    let offered: unknown;
    const names = ['notes', ''];
    const sut: Prompter = {
      prompt: <T>(asked: Array<{ name: string; choices?: unknown }>) => {
        const { name, choices } = asked[0];
        if (name === 'type') offered = choices;
        const answer =
          name === 'name'
            ? names.shift()
            : { type: 'text', nullable: false, yes: false, fallback: '', bound: '' }[name];
        return Promise.resolve({ [name]: answer } as T);
      },
    };

    await askFields(sut, [], ['id'], () => undefined);

    expect(offered).not.toContain('references');
    expect(offered).not.toContain('many');
  });

  it('should offer :search on string and text fields only', async () => {
    const sut = terminal([
      ...['title', 'string', '200', false, '', '', false, false, true, ''],
      ...['notes', 'text', true, '', '', false, false, true, ''],
      ...['pages', 'int', false, '', '', false, false, ''],
      '',
    ]);

    const fields = await askFields(sut, [], ['id'], () => undefined);

    expect(fields).toBe('title:string{200}:search notes?:text:search pages:int');
    expect(sut.questions.filter((question) => question.startsWith('Searchable'))).toHaveLength(2);
  });

  it('should offer :index and =default, as --fields takes them, where the type has them', async () => {
    const sut = terminal([
      ...['pages', 'int', false, '', '', false, true, '100'],
      ...['genre', 'enum', 'A,B', false, false, true, 'B'],
      ...['note', 'json', true],
      '',
    ]);

    const fields = await askFields(sut, [], ['id'], () => undefined);

    expect(fields).toBe('pages:int:index=100 genre:enum{A,B}:index=B note?:json');
    expect(sut.questions).toContain('Index it (to sort and look up fast)?');
    expect(sut.questions).toContain('Default value (empty for none):');
  });

  it('should ask for bounds where the type takes them, as --fields writes them', async () => {
    const sut = terminal([
      ...['stars', 'int', false, '1', '5', false, false, ''],
      ...['body', 'text', false, '0', '', false, false, false, ''],
      '',
    ]);

    const fields = await askFields(sut, [], ['id'], () => undefined);

    expect(fields).toBe('stars:int:min=1:max=5 body:text:min=0');
    expect(sut.questions).toContain('Smallest value (empty for none):');
    expect(sut.questions).toContain('Largest length (empty for none):');
  });

  it('should ask a set (many) only what it takes: the type of its records', async () => {
    const sut = terminal([...['tags', 'many', 'Tag'], ...['labels', 'many', 'Tag'], '']);

    const fields = await askFields(sut, ['Tag'], ['id'], () => undefined);

    expect(fields).toBe('tags:many labels:many{Tag}');
    expect(sut.questions).toContain('A set of:');
    expect(sut.questions).not.toContain('May it be empty (null)?');
  });
});

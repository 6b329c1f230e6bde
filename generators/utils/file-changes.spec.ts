import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileChanges } from './file-changes';

describe(FileChanges.name, () => {
  let root: string;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'file-changes-'));
    writeFileSync(join(root, 'existing.ts'), 'export const a = 1;\n');
    mkdirSync(join(root, 'watched'));
    writeFileSync(join(root, 'watched', 'journal.json'), '{"entries":[]}');
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('should write nothing until commit', () => {
    const sut = new FileChanges(root);
    sut.create('src/new/thing.ts', 'export const thing = 1;\n');
    sut.update('existing.ts', (text) => `${text}export const b = 2;\n`);

    expect(existsSync(join(root, 'src/new/thing.ts'))).toBe(false);
    expect(sut.summary()).toBe('  create src/new/thing.ts\n  update existing.ts');

    sut.commit();
    expect(readFileSync(join(root, 'src/new/thing.ts'), 'utf8')).toBe('export const thing = 1;\n');
    expect(readFileSync(join(root, 'existing.ts'), 'utf8')).toContain('export const b = 2;');
  });

  it('should refuse to create a file that exists', () => {
    expect(() => new FileChanges(root).create('existing.ts', '')).toThrow(/already exists/);
  });

  it('should put everything back on rollback, including what a later step wrote', () => {
    const sut = new FileChanges(root);
    sut.create('src/new/thing.ts', 'x');
    sut.update('existing.ts', () => 'changed');
    sut.commit();
    sut.watch('watched');
    writeFileSync(join(root, 'watched', 'journal.json'), '{"entries":[1]}');
    writeFileSync(join(root, 'watched', '0001.sql'), 'create table');

    sut.rollback();

    expect(existsSync(join(root, 'src'))).toBe(false);
    expect(readFileSync(join(root, 'existing.ts'), 'utf8')).toBe('export const a = 1;\n');
    expect(readFileSync(join(root, 'watched', 'journal.json'), 'utf8')).toBe('{"entries":[]}');
    expect(existsSync(join(root, 'watched', '0001.sql'))).toBe(false);
  });

  it('should format pending TypeScript with the project settings', async () => {
    const sut = new FileChanges(root);
    sut.create('formatted.ts', 'export const   x = {a:1}');

    await sut.format();

    expect(sut.read('formatted.ts')).toBe('export const x = { a: 1 };\n');
  });

  it('should delete a file on commit with the folders it leaves empty, and write it back on rollback', () => {
    mkdirSync(join(root, 'src/old/dto'), { recursive: true });
    writeFileSync(join(root, 'src/old/dto/old.dto.ts'), 'export class OldDto {}\n');
    const sut = new FileChanges(root);
    sut.delete('src/old/dto/old.dto.ts');

    expect(sut.exists('src/old/dto/old.dto.ts')).toBe(false);
    expect(sut.summary()).toBe('  delete src/old/dto/old.dto.ts');
    sut.commit();
    expect(existsSync(join(root, 'src'))).toBe(false);

    sut.rollback();
    expect(readFileSync(join(root, 'src/old/dto/old.dto.ts'), 'utf8')).toBe('export class OldDto {}\n');
  });

  it('should refuse to delete a file that does not exist', () => {
    expect(() => new FileChanges(root).delete('missing.ts')).toThrow(/does not exist/);
  });
});

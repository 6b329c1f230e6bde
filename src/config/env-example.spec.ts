import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getMetadataStorage } from 'class-validator';
import { PROJECT_ROOT } from '../common/project-root';
import { checkEnvironment, Environment } from './environment';

interface ExampleVariable {
  name: string;
  value: string;
  /** The comment lines right above it. */
  meaning: string;
}

/** `# NAME=value` lines of .env.example, each with the comment block above it. */
function readEnvExample(): ExampleVariable[] {
  const lines = readFileSync(join(PROJECT_ROOT, '.env.example'), 'utf8').split('\n');
  const variables: ExampleVariable[] = [];
  let comments: string[] = [];
  for (const line of lines) {
    const variable = /^#?\s*([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (variable) {
      variables.push({ name: variable[1], value: variable[2], meaning: comments.join(' ') });
      comments = [];
    } else if (line.startsWith('#')) {
      comments.push(line.replace(/^#\s*/, ''));
    } else {
      comments = [];
    }
  }
  return variables;
}

/** Every variable the configuration class reads: each of its properties carries a validation rule. */
function environmentVariables(): string[] {
  const rules = getMetadataStorage().getTargetValidationMetadatas(Environment, '', false, false);
  return [...new Set(rules.map((rule) => rule.propertyName))];
}

describe('.env.example', () => {
  const example = readEnvExample();
  const defaults = checkEnvironment({});

  it('should list every variable of the configuration class, each once, and no other', () => {
    const names = example.map((variable) => variable.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(environmentVariables().sort());
  });

  it('should say what each variable means', () => {
    for (const { name, meaning } of example) expect([name, meaning.length > 10]).toEqual([name, true]);
  });

  it("should show each variable's default, as the configuration class reads it", () => {
    for (const { name, value } of example) {
      const key = name as keyof Environment;
      if (defaults[key] === undefined) {
        // No default (unset): shown empty.
        expect([name, value]).toEqual([name, '']);
      } else {
        expect([name, checkEnvironment({ [name]: value })[key]]).toEqual([name, defaults[key]]);
      }
    }
  });

  it('should be parsed from the comment-free form too (a copy with every line uncommented starts)', () => {
    const uncommented = Object.fromEntries(
      example.filter(({ value }) => value !== '').map(({ name, value }) => [name, value]),
    );
    expect(() => checkEnvironment(uncommented)).not.toThrow();
  });
});

import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { ROOT } from './paths';
import type { TestApp } from './test-app';

const OPENAPI_TYPESCRIPT = join(ROOT, 'node_modules', 'openapi-typescript', 'bin', 'cli.js');
const GRAPHQL_CODEGEN = join(ROOT, 'node_modules', '@graphql-codegen', 'cli', 'esm', 'bin.js');

/**
 * openapi-typescript's types for an OpenAPI document, made by its command line as a user runs it
 * (`npx openapi-typescript openapi.json -o schema.d.ts`); its ES modules stay out of Jest's CommonJS sandbox.
 */
export async function openapiTypes(document: object): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-types-'));
  try {
    writeFileSync(join(dir, 'openapi.json'), JSON.stringify(document));
    await promisify(execFile)(process.execPath, [OPENAPI_TYPESCRIPT, 'openapi.json', '-o', 'openapi.d.ts'], {
      cwd: dir,
    });
    return readFileSync(join(dir, 'openapi.d.ts'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * graphql-codegen's typed documents for a client, made by its command line as a user runs it (`npx graphql-codegen`)
 * with the repository's codegen.ts, in `project`: a folder laid out as the repository, with `src/schema.gql` and
 * the client's documents under `client/`. The folder must be inside the repository, where the preset resolves.
 */
export async function graphqlCodegen(project: string): Promise<void> {
  try {
    await promisify(execFile)(process.execPath, [GRAPHQL_CODEGEN, '--config', join(ROOT, 'codegen.ts')], {
      cwd: project,
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`graphql-codegen failed:\n${stdout ?? ''}${stderr ?? ''}`, { cause: error });
  }
}

/**
 * Type-checks `entry` (a file of test/clients/, which the project's own type check leaves out; or several, in one
 * program) with the project's compiler options, `generated` standing in for files that exist only in memory (a
 * client's generated types, keyed by absolute path). Returns TypeScript's diagnostics as text, one per line; none
 * is a pass.
 */
export function typeCheck(entry: string | string[], generated: Record<string, string>): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  )!;
  // Node's types only (fetch, Response): a client file needs no test framework's.
  const options = {
    ...config.options,
    types: ['node'],
    noEmit: true,
    incremental: false,
    tsBuildInfoFile: undefined,
  };
  const host = ts.createCompilerHost(options);
  const inMemory = new Map(Object.entries(generated).map(([path, text]) => [resolve(path), text]));
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (file) => inMemory.has(resolve(file)) || fileExists.call(host, file);
  host.readFile = (file) => inMemory.get(resolve(file)) ?? readFile.call(host, file);
  host.getSourceFile = (file, language, ...rest) => {
    const text = inMemory.get(resolve(file));
    return text === undefined
      ? getSourceFile.call(host, file, language, ...rest)
      : ts.createSourceFile(file, text, language);
  };
  const program = ts.createProgram([entry].flat(), options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (!diagnostic.file || diagnostic.start === undefined) return message;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${diagnostic.file.fileName}:${line + 1}: ${message}`;
  });
}

/** The generated file a client file (test/clients/, test/demo/clients/) imports as `./<name>`. */
export const besideEntry = (entry: string, name: string) => join(dirname(entry), name);

/** Starts the test app's HTTP server on an ephemeral loopback port: its base URL, for a client's fetch. */
export async function listen(sut: Pick<TestApp, 'http'>): Promise<string> {
  const server = sut.http as Server;
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

import { collectAnswers, GeneratorInputError, type Option, type Prompter } from './options';

const OPTIONS: Option[] = [
  { name: 'name', type: 'string', message: 'Type name, singular (e.g. Category):' },
  { name: 'public', type: 'boolean', message: 'Open the routes to requests without a token?' },
];
const argv = (...flags: string[]) => ['node', 'plop', 'resource', '--', ...flags];

describe(collectAnswers.name, () => {
  const prompt = jest.fn();
  const inquirer: Prompter = { prompt };
  const onTerminal = (isTTY: boolean) =>
    Object.defineProperty(process.stdin, 'isTTY', { value: isTTY, configurable: true });

  beforeEach(() => prompt.mockReset());
  afterEach(() => {
    onTerminal(false);
    jest.restoreAllMocks();
  });

  it('should read every answer from the flags', async () => {
    await expect(
      collectAnswers('resource', OPTIONS, inquirer, argv('--name', 'Book', '--public')),
    ).resolves.toEqual({
      dryRun: false,
      name: 'Book',
      public: true,
    });
    expect(prompt).not.toHaveBeenCalled();
  });

  it('should refuse a missing value when there is no terminal to ask at', async () => {
    onTerminal(false);

    await expect(collectAnswers('resource', OPTIONS, inquirer, argv('--dry-run'))).rejects.toThrow(
      new GeneratorInputError(
        '--name is required\nusage: npx plop resource -- --name <name> [--public] [--dry-run]',
      ),
    );
  });

  it.each([
    [['--name', 'Book', '--name', 'Tag'], '--name'],
    [['--name', 'Book', '--public', '--public'], '--public'],
    [['--name=Book', '--name', 'Tag'], '--name'],
  ])('should refuse a flag given twice (%p) rather than keep the last', async (flags, flag) => {
    await expect(collectAnswers('resource', OPTIONS, inquirer, argv(...flags))).rejects.toThrow(
      new GeneratorInputError(
        `${flag} is given more than once: give it once\nusage: npx plop resource -- --name <name> [--public] [--dry-run]`,
      ),
    );
  });

  it('should ask for what is missing on a terminal, even with other flags given', async () => {
    onTerminal(true);
    prompt.mockResolvedValue({ name: 'Book' });

    await expect(collectAnswers('resource', OPTIONS, inquirer, argv('--dry-run'))).resolves.toEqual({
      dryRun: true,
      name: 'Book',
      public: false,
    });
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(prompt).toHaveBeenCalledWith([expect.objectContaining({ name: 'name', type: 'input' })]);
  });

  it('should print the usage with every flag and exit 0 for --help', async () => {
    const exit = jest.spyOn(process, 'exit').mockImplementation((() => {
      throw new Error('exited');
    }) as never);
    const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);

    await expect(collectAnswers('resource', OPTIONS, inquirer, argv('--help'))).rejects.toThrow('exited');

    expect(exit).toHaveBeenCalledWith(0);
    const printed = String(write.mock.calls[0][0]);
    expect(printed).toContain('usage: npx plop resource -- --name <name> [--public] [--dry-run]');
    expect(printed).toContain('--public       Open the routes to requests without a token');
    expect(printed).toContain('--help         Print the usage and exit');
  });

  it('should not ask on a terminal what the answers so far make irrelevant, taking its default', async () => {
    onTerminal(true);
    prompt.mockResolvedValueOnce({ api: 'rest' });
    const options: Option[] = [
      { name: 'api', type: 'string', message: 'Which API?', choices: ['graphql', 'rest'] },
      {
        name: 'style',
        type: 'string',
        message: 'Which GraphQL endpoint?',
        choices: ['code-first', 'schema-first'],
        defaultValue: 'code-first',
        relevant: (answers) => answers.api !== 'rest',
      },
    ];

    await expect(collectAnswers('resource', options, inquirer, argv())).resolves.toEqual({
      dryRun: false,
      api: 'rest',
      style: 'code-first',
    });
    expect(prompt).toHaveBeenCalledTimes(1);
  });
});

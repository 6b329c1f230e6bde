import { startupFailureMessage, StartupError } from './startup-error';

describe(startupFailureMessage.name, () => {
  it("should print the message, then its causes' (a failed migration's reason)", () => {
    const reason = new Error('canceling statement due to statement timeout');
    const failed = new Error('Failed query: CREATE INDEX "books_title_index" ON "books" ("title")', {
      cause: reason,
    });

    expect(startupFailureMessage(failed)).toBe(
      'Failed query: CREATE INDEX "books_title_index" ON "books" ("title"): canceling statement due to statement timeout',
    );
  });

  it('should print a cause that says what its error says once', () => {
    const refused = new Error('connect ECONNREFUSED 127.0.0.1:5432');

    expect(startupFailureMessage(new Error(refused.message, { cause: refused }))).toBe(
      'connect ECONNREFUSED 127.0.0.1:5432',
    );
  });

  it('should print a start-up error or anything else as it is', () => {
    expect(startupFailureMessage(new StartupError('PORT 3000 is in use'))).toBe('PORT 3000 is in use');
    expect(startupFailureMessage('stopped')).toBe('stopped');
  });
});

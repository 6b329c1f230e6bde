/** Regular-expression characters that are plain text in an Express 4 path (`.` included: a dot is literal). */
const LITERAL_SPECIALS = /[.\\^$|[\]{}]/g;

export interface Express4PathPatternOptions {
  /** Like Express's "case sensitive routing" setting, off by default. */
  caseSensitive?: boolean;
}

/**
 * A path pattern in the syntax of Express 4 (path-to-regexp 0.1):
 * `*` is any run of characters (`.*`); `?` and `+` make the character or `(group)` before them optional
 * or repeatable; `(` `)` group; every other character, `-` and `.` included, is literal.
 *
 * Express 5 (path-to-regexp 8, the default adapter of Nest 12) dropped that syntax: `?`, `+` and `()` are
 * reserved there and `+` has no equivalent. Compiling the old syntax into a RegExp keeps its meaning
 * for every pattern instead of translating each one by hand into the new `{optional}` / `*name` forms.
 */
export class Express4PathPattern {
  private constructor(
    /** The pattern as written, e.g. `ab*cd`. */
    readonly source: string,
    readonly regexp: RegExp,
  ) {}

  static compile(pattern: string, { caseSensitive = false }: Express4PathPatternOptions = {}) {
    const body = pattern.replace(LITERAL_SPECIALS, '\\$&').replaceAll('*', '.*').replaceAll('(', '(?:');
    try {
      // Anchored on the whole path; one trailing slash is ignored, as with Express's non-strict routing.
      return new Express4PathPattern(pattern, new RegExp(`^(?:${body})\\/?$`, caseSensitive ? '' : 'i'));
    } catch (error) {
      throw new SyntaxError(`Invalid path pattern "${pattern}": ${(error as Error).message}`);
    }
  }

  /** Whether the whole path (relative to where the pattern is mounted, without leading slash) matches. */
  matches(path: string): boolean {
    return this.regexp.test(path);
  }
}

import { namesOf } from '../utils/names';
import type { Answers } from '../utils/options';

export interface DestroyOptions {
  /** The manifest key: the singular type name (`BookReview`). */
  Name: string;
  /** Remove generated files even if they were edited since. */
  force: boolean;
}

const NAME_LIKE = /^[A-Za-z][A-Za-z0-9_-]*$/;

/** The manifest key for any form of a name (`BookReview`, `bookReview`, `book-reviews`), or undefined. */
export function featureKeyOf(raw: string): string | undefined {
  return NAME_LIKE.test(raw) ? namesOf(raw).Name : undefined;
}

export function normalizeDestroyOptions(answers: Answers): DestroyOptions {
  return { Name: featureKeyOf(String(answers.name)) ?? String(answers.name), force: answers.force === true };
}

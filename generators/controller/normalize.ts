import { namesOf, type Names } from '../utils/names';
import type { Answers } from '../utils/options';

export interface ControllerOptions extends Names {
  /** The decorator that states who may call the routes: `Public` or `Authenticated`. */
  access: 'Public' | 'Authenticated';
  isPublic: boolean;
}

export function normalizeControllerOptions(answers: Answers): ControllerOptions {
  return {
    ...namesOf(String(answers.name)),
    access: answers.public === true ? 'Public' : 'Authenticated',
    isPublic: answers.public === true,
  };
}

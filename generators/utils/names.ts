import pluralize from 'pluralize';

// Singulars that pluralize reads as plurals, cutting their `s` (`Canvas` became `Canva`, `Lens` `Len`).
for (const [singular, plural] of [
  ['axis', 'axes'],
  ['bias', 'biases'],
  ['canvas', 'canvases'],
  ['lens', 'lenses'],
]) {
  pluralize.addIrregularRule(singular, plural);
}

/** Every form of a feature name, computed once and handed to the templates as they are. */
export interface Names {
  /** `BlogPost` */
  Name: string;
  /** `blogPost` */
  name: string;
  /** `blog-post` */
  kebabName: string;
  /** `BlogPosts` */
  Names: string;
  /** `blogPosts` */
  names: string;
  /** `blog-posts` */
  kebabNames: string;
  /** `blog_posts` (the table) */
  snakeNames: string;
  /** `blog post` (for messages and descriptions) */
  word: string;
  /** `Blog post` (to start a sentence: "Blog post 7 not found") */
  Word: string;
  /** `blog posts` (for messages and descriptions) */
  words: string;
  /** `a blog post`, `an essay` */
  aWord: string;
}

/** The words of a name in any case style: `BlogPost`, `blogPost`, `blog-post`, `blog_post`, `HTTPServer`. */
const splitWords = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase()
    .split(' ');

export const kebabCase = (identifier: string) => splitWords(identifier).join('-');

/** A field's column: `author_id` from `authorId` (`fooBAR` is `foo_bar` too, so the two cannot both be fields). */
export const snakeCase = (identifier: string) =>
  identifier.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

const pascal = (words: string[]) => words.map((word) => word[0].toUpperCase() + word.slice(1)).join('');

/** `RequestTiming` from `requestTiming`, `request-timing` or `request_timing`. */
export const pascalCase = (identifier: string) => pascal(splitWords(identifier).filter(Boolean));

/** Names for a feature given in any case style, singular or plural (`Category`, `categories`, `blog-post`). */
export function namesOf(name: string): Names {
  const words = splitWords(name);
  const last = words.length - 1;
  const singular = [...words.slice(0, last), pluralize.singular(words[last])];
  const plural = [...words.slice(0, last), pluralize.plural(words[last])];
  // A trailing `-` or `_` leaves an empty word; pluralize makes "s" of `book_s` or `BookS` empty.
  if ([...singular, ...plural].includes('')) {
    throw new Error(
      `"${name}" cannot be a name: each word needs a singular and a plural form (book-series, not book_s)`,
    );
  }
  const Name = pascal(singular);
  const Names = pascal(plural);
  return {
    Name,
    name: Name[0].toLowerCase() + Name.slice(1),
    kebabName: singular.join('-'),
    Names,
    names: Names[0].toLowerCase() + Names.slice(1),
    kebabNames: plural.join('-'),
    snakeNames: plural.join('_'),
    word: singular.join(' '),
    Word: `${singular[0][0].toUpperCase()}${singular.join(' ').slice(1)}`,
    aWord: `${/^[aeiou]/.test(singular[0]) ? 'an' : 'a'} ${singular.join(' ')}`,
    words: plural.join(' '),
  };
}

import { namesOf } from './names';

describe(namesOf.name, () => {
  it.each([
    ['Thing', { Name: 'Thing', name: 'thing', Names: 'Things', names: 'things', kebabNames: 'things' }],
    ['Category', { Name: 'Category', names: 'categories', kebabName: 'category', snakeNames: 'categories' }],
    ['categories', { Name: 'Category', Names: 'Categories', kebabNames: 'categories' }],
    ['Person', { Names: 'People', names: 'people', kebabNames: 'people' }],
    [
      'BlogPost',
      { kebabName: 'blog-post', kebabNames: 'blog-posts', snakeNames: 'blog_posts', names: 'blogPosts' },
    ],
    ['blogPosts', { Name: 'BlogPost', Names: 'BlogPosts', words: 'blog posts' }],
    ['Box', { Names: 'Boxes' }],
    ['Canvas', { Name: 'Canvas', Names: 'Canvases', kebabNames: 'canvases' }],
    ['canvases', { Name: 'Canvas', Names: 'Canvases' }],
    ['CameraLens', { Name: 'CameraLens', names: 'cameraLenses' }],
    ['Axis', { Name: 'Axis', Names: 'Axes' }],
    ['bias', { Name: 'Bias', Names: 'Biases' }],
    ['HTTPRequest', { kebabName: 'http-request', Name: 'HttpRequest' }],
    ['book-review', { Name: 'BookReview', names: 'bookReviews', kebabNames: 'book-reviews' }],
    ['book_reviews', { Name: 'BookReview', snakeNames: 'book_reviews', word: 'book review' }],
  ])('should derive every form of %p', (input, expected) => {
    expect(namesOf(input)).toMatchObject(expected);
  });

  it.each(['book_s', 'BookS', 's', 'book_', 'book-'])(
    'should refuse %p, which has a word without a form, saying so',
    (input) => {
      expect(() => namesOf(input)).toThrow(
        `"${input}" cannot be a name: each word needs a singular and a plural form`,
      );
    },
  );
});

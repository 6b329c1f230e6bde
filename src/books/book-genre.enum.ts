export enum BookGenre {
  FICTION = 'FICTION',
  NONFICTION = 'NONFICTION',
  POETRY = 'POETRY',
}

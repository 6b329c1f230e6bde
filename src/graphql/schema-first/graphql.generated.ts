
/*
 * -------------------------------------------------------
 * THIS FILE WAS AUTOMATICALLY GENERATED (DO NOT MODIFY)
 * -------------------------------------------------------
 */

/* tslint:disable */
/* eslint-disable */

// Source: every src/**/*.graphql file. Regenerate with `npm run graphql:typings` (src/graphql/schema-first/typings.ts);
// a test fails while this file is stale. Validation goes in a subclass (e.g. src/posts/dto/create-post.dto.ts).

export enum SortDirection {
    ASC = "ASC",
    DESC = "DESC"
}

export class CreatePostInput {
    title: string;
}

export class Author {
    id: number;
    firstName?: Nullable<string>;
    lastName?: Nullable<string>;
    posts?: Nullable<Nullable<Post>[]>;
}

export abstract class IQuery {
    abstract author(id: number): Nullable<Author> | Promise<Nullable<Author>>;

    abstract post(id: number): Nullable<Post> | Promise<Nullable<Post>>;

    abstract me(): User | Promise<User>;
}

export class Post {
    id: number;
    title: string;
    votes?: Nullable<number>;
}

export abstract class IMutation {
    abstract upvotePost(postId: number): Nullable<Post> | Promise<Nullable<Post>>;

    abstract createPost(authorId: number, input: CreatePostInput): Nullable<Post> | Promise<Nullable<Post>>;
}

export class User {
    id: number;
    username: string;
    email?: Nullable<string>;
    emailVerified?: Nullable<boolean>;
    roles: string[];
}

export type Decimal = unknown;
export type DateTime = unknown;
export type JSON = unknown;
type Nullable<T> = T | null;

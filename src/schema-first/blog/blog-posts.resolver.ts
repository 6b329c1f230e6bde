import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { PostsService } from '../../posts/posts.service';
import type { Post } from '../graphql.generated';
import { CreatePostDto } from './dto/create-post.dto';

/**
 * The mutations of blog.graphql, bound by name. Not public: the global guard asks for a token.
 * The class-level form of rule 6: `'Post'` would be the parent of any field resolver added here.
 */
@Resolver('Post')
export class BlogPostsResolver {
  constructor(private readonly postsService: PostsService) {}

  // The DTO subclass of the generated input carries the validation (title 3..50).
  @Mutation('createPost')
  create(@Args('authorId') authorId: number, @Args('input') input: CreatePostDto): Promise<Post> {
    return this.postsService.create(authorId, input);
  }

  @Mutation('upvotePost')
  upvote(@Args('postId') postId: number): Promise<Post> {
    return this.postsService.upvote(postId);
  }
}

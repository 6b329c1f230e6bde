import { POST_ADDED_CHANNEL } from '../../src/posts/posts.service';
import { graphqlClient } from '../utils/graphql';
import {
  connectWs,
  listenForWebSockets,
  subscribeWs,
  untilSubscribed,
  untilUnsubscribed,
  type WsConnection,
} from '../utils/graphql-ws';
import { nextWithin } from '../utils/next-within';
import { useTestApp } from '../utils/test-app';

const POST_ADDED = 'subscription ($authorId: Int) { postAdded(authorId: $authorId) { id title votes } }';
const CREATE_POST =
  'mutation ($authorId: Int!, $title: String!) { createPost(authorId: $authorId, input: { title: $title }) { id title votes } }';

// The demo's postAdded (CONTRACT §9). The plumbing under it (tokens, limits, backpressure, shutdown) is tried on the
// test-only probe: test/subscriptions.e2e-spec.ts.
describe('postAdded (demo subscription on /graphql)', () => {
  const sut = useTestApp();
  const gql = graphqlClient(sut, '/graphql');
  let url: string;
  const open: WsConnection[] = [];

  beforeAll(async () => {
    url = await listenForWebSockets(sut);
  });

  afterEach(async () => {
    await Promise.all(open.splice(0).map(({ client }) => client.dispose()));
    await untilUnsubscribed(sut, POST_ADDED_CHANNEL);
  });

  const connectAsAlice = async () => {
    const connection = connectWs(url, { Authorization: `Bearer ${sut.aliceToken()}` });
    open.push(connection);
    await connection.connected;
    return connection.client;
  };
  const createPost = async (authorId: number, title: string) => {
    const body = await gql<{ createPost: { id: number } }>(CREATE_POST, {
      variables: { authorId, title },
      auth: `Bearer ${sut.bobToken()}`,
    });
    expect(body.errors).toBeUndefined();
    return body.data!.createPost;
  };

  it('should deliver a post created over HTTP to a subscriber', async () => {
    const client = await connectAsAlice();
    const pending = nextWithin(subscribeWs(client, POST_ADDED));
    await untilSubscribed(sut, POST_ADDED_CHANNEL, 1);

    const post = await createPost(1, 'Live from the engine');

    await expect(pending).resolves.toEqual({
      done: false,
      value: { data: { postAdded: { ...post, title: 'Live from the engine', votes: null } } },
    });
  });

  it("should deliver only the given author's posts when filtered", async () => {
    const client = await connectAsAlice();
    const ofAda = subscribeWs<{ postAdded: { title: string } }>(client, POST_ADDED, { authorId: 1 });
    const ofAlan = subscribeWs<{ postAdded: { title: string } }>(client, POST_ADDED, { authorId: 2 });
    const nextOfAda = nextWithin(ofAda);
    const nextOfAlan = nextWithin(ofAlan);
    await untilSubscribed(sut, POST_ADDED_CHANNEL, 2);

    await createPost(2, 'By Alan, first');
    await createPost(1, 'By Ada, second');

    expect((await nextOfAda).value).toEqual({
      data: { postAdded: expect.objectContaining({ title: 'By Ada, second' }) },
    });
    expect((await nextOfAlan).value).toEqual({
      data: { postAdded: expect.objectContaining({ title: 'By Alan, first' }) },
    });
  });
});
